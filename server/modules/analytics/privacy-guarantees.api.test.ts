import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import { searchAnalytics, taggedPosts } from "#server/db/schema/index.ts";
import {
  asMember,
  blockMember,
  createPost,
  giveTagg,
  registerMember,
  releaseAnonymousNow,
  SAME_ORIGIN,
  setPrivacyMode,
  uniqueIp,
} from "#server/test/factories.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

type Member = Awaited<ReturnType<typeof registerMember>>;
const HOUR = 3_600_000;

const track = (
  t: TestApp,
  member: Member | null,
  payload: Record<string, unknown>,
  url = "/api/track-search",
) =>
  t.app.inject({
    method: "POST",
    url,
    headers: member ? asMember(member.cookie) : SAME_ORIGIN,
    payload,
    remoteAddress: member ? "127.0.0.1" : uniqueIp(),
  });

const analyticsOf = async (t: TestApp, member: Member) =>
  (await t.app.inject({ url: "/api/tagg-analytics", headers: { cookie: member.cookie } })).json();

/** Every answer the owner can get about their visitors, as one string to search for leaks. */
async function everythingOwnerSees(t: TestApp, owner: Member, postId: string, visitorId: string) {
  const urls = [
    "/api/tagg-analytics",
    `/api/posts/${postId}/viewers`,
    `/api/user-info/${visitorId}`,
    "/api/highest-viewed-post",
  ];
  const bodies = await Promise.all(
    urls.map((url) => t.app.inject({ url, headers: { cookie: owner.cookie } })),
  );
  return bodies.map((res) => res.body).join("\n");
}

async function setup(clock = manualClock()) {
  const t = await createTestApp({ clock });
  const ada = await registerMember(t, { firstName: "Ada", lastName: "Owner" });
  const bob = await registerMember(t, { firstName: "Bob", lastName: "Visitor" });
  await giveTagg(t, bob, "bob_v");
  const post = await createPost(t, ada, "Lighthouse");
  return { t, ada, bob, post, clock };
}

describe("visitor tracking", () => {
  it("records a visible member's search and view for the owner, with id, name and tagg but no e-mail", async () => {
    const { t, ada, bob, post, clock } = await setup();
    expect((await track(t, bob, { searchTerm: "LIGHTHOUSE " })).json()).toEqual({
      recorded: 1,
      skipped: null,
    });
    clock.advance(1_000);
    expect(
      (await track(t, bob, { searchTerm: "lighthouse", action: "view", postId: post.id })).json().recorded,
    ).toBe(1);

    const events = await analyticsOf(t, ada);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      action: "view",
      postId: post.id,
      visitorName: "Bob Visitor",
      visitorId: bob.user.id,
      visitorTagg: "bob_v",
    });
    expect(events[1]).toMatchObject({ action: "search", searchTerm: "lighthouse", postName: "Lighthouse" });
    const all = await everythingOwnerSees(t, ada, post.id, bob.user.id);
    expect(all).toContain("Bob");
    expect(all).not.toContain(bob.input.email);
    expect(all).not.toContain(ada.input.email);
  });

  it("skips short terms, repeats within 5 seconds and the member's own posts", async () => {
    const { t, ada, bob, clock } = await setup();
    expect((await track(t, bob, { searchTerm: "li" })).json()).toEqual({ recorded: 0, skipped: "too_short" });
    expect((await track(t, bob, { searchTerm: "lighthouse" })).json().recorded).toBe(1);
    clock.advance(4_000);
    expect((await track(t, bob, { searchTerm: "Lighthouse" })).json()).toEqual({
      recorded: 0,
      skipped: "duplicate",
    });
    clock.advance(1_500);
    expect((await track(t, bob, { searchTerm: "lighthouse" })).json().recorded).toBe(1);
    expect((await track(t, ada, { searchTerm: "lighthouse" })).json()).toEqual({
      recorded: 0,
      skipped: "own_post",
    });
    expect((await track(t, bob, { searchTerm: "lighthous" })).json()).toEqual({
      recorded: 0,
      skipped: "not_found",
    });
    expect(await analyticsOf(t, ada)).toHaveLength(2);
  });

  it("records internal searches aimed at a tagg", async () => {
    const { t, ada, bob } = await setup();
    await giveTagg(t, ada, "ada_o");
    const res = await track(
      t,
      bob,
      { targetTagg: "ada_o", searchTerm: "ada_o", postId: null },
      "/api/track-internal-search",
    );
    expect(res.json()).toEqual({ recorded: 1, skipped: null });
    expect((await analyticsOf(t, ada))[0]).toMatchObject({
      action: "internal_search",
      postId: null,
      visitorId: bob.user.id,
    });
  });
});

describe("server-side recording", () => {
  const publicSearch = (t: TestApp, member: Member | null, term: string) =>
    t.app.inject({
      url: `/api/public/tagged-posts?search=${encodeURIComponent(term)}`,
      headers: member ? { cookie: member.cookie } : {},
      remoteAddress: member ? "127.0.0.1" : "10.200.0.1",
    });

  it("records the public search itself, so a client that never calls track-search is still seen", async () => {
    const { t, ada, bob, post, clock } = await setup();
    await giveTagg(t, ada, "ada_o");
    expect((await publicSearch(t, null, "Lighthouse")).json()).toHaveLength(1);
    clock.advance(1_000);
    expect((await publicSearch(t, bob, "  LIGHTHOUSE ")).json()).toHaveLength(1);
    await releaseAnonymousNow(t);
    expect(await analyticsOf(t, ada)).toEqual([
      expect.objectContaining({ action: "search", searchTerm: "lighthouse", visitorName: "Bob Visitor" }),
      expect.objectContaining({ action: "search", searchTerm: "lighthouse", visitorName: "Anonymous User" }),
    ]);

    // Same rules as tracking: the page's own call and a repeat within 5 s do not count twice, a short
    // term and the owner's own search are not recorded, and the visitor's mode at that moment applies.
    expect((await track(t, bob, { searchTerm: "lighthouse" })).json()).toEqual({
      recorded: 0,
      skipped: "duplicate",
    });
    await publicSearch(t, bob, "lighthouse");
    await publicSearch(t, bob, "li");
    await publicSearch(t, ada, "lighthouse");
    expect(await analyticsOf(t, ada)).toHaveLength(2);
    clock.advance(6_000);
    await setPrivacyMode(t, bob, "pause");
    await publicSearch(t, bob, "@ada_o");
    await releaseAnonymousNow(t);
    const events = await analyticsOf(t, ada);
    expect(events).toHaveLength(3);
    const byTagg = events.find((e: { searchTerm: string }) => e.searchTerm === "@ada_o");
    expect(byTagg).toMatchObject({ visitorName: "Anonymous User", visitorId: null, postId: post.id });
  });

  it("records a view without a postId as a view of the post with that exact name", async () => {
    const { t, ada, bob, post } = await setup();
    await giveTagg(t, ada, "ada_o");
    expect((await track(t, bob, { searchTerm: " LightHouse", action: "view" })).json()).toEqual({
      recorded: 1,
      skipped: null,
    });
    expect((await track(t, bob, { searchTerm: "ada_o", action: "view" })).json().skipped).toBe("not_found");
    expect(await analyticsOf(t, ada)).toEqual([
      expect.objectContaining({
        action: "view",
        postId: post.id,
        postName: "Lighthouse",
        visitorId: bob.user.id,
      }),
    ]);
    const viewers = (
      await t.app.inject({ url: `/api/posts/${post.id}/viewers`, headers: { cookie: ada.cookie } })
    ).json();
    expect(viewers.totalUnique).toBe(1);
  });
});

describe("privacy modes", () => {
  it("records a paused visitor as Anonymous User with nothing identifying stored or shown — even after they return to show", async () => {
    const { t, ada, bob, post } = await setup();
    expect((await setPrivacyMode(t, bob, "pause")).json()).toMatchObject({
      privacyMode: "pause",
      timeRemaining: 48,
    });
    await track(t, bob, { searchTerm: "lighthouse" });
    await track(t, bob, { searchTerm: "lighthouse", action: "view", postId: post.id });
    await releaseAnonymousNow(t);

    const rows = await t.db.select().from(searchAnalytics);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        visitorId: null,
        visitorName: "Anonymous User",
        ipAddress: null,
        userAgent: null,
      });
      expect(JSON.stringify(row)).not.toContain(bob.input.email);
      expect(JSON.stringify(row)).not.toContain("Bob");
    }

    await setPrivacyMode(t, bob, "show");
    const all = await everythingOwnerSees(t, ada, post.id, bob.user.id);
    expect(all).not.toContain("Bob");
    expect(all).not.toContain("bob_v");
    expect(all).not.toContain(bob.user.id);
    expect(all).not.toContain(bob.input.email);
    const events = await analyticsOf(t, ada);
    expect(
      events.every(
        (e: { visitorName: string; visitorId: null }) =>
          e.visitorName === "Anonymous User" && e.visitorId === null,
      ),
    ).toBe(true);
    const viewers = (
      await t.app.inject({ url: `/api/posts/${post.id}/viewers`, headers: { cookie: ada.cookie } })
    ).json();
    expect(viewers).toEqual({
      postName: "Lighthouse",
      totalUnique: 1,
      viewers: [{ firstName: "Anonymous User", viewCount: 1, lastViewed: expect.any(String) }],
    });
    expect(
      (await t.app.inject({ url: `/api/user-info/${bob.user.id}`, headers: { cookie: ada.cookie } }))
        .statusCode,
    ).toBe(404);
  });

  it("never merges a visitor's open and anonymous views, so the anonymous ones cannot be attributed", async () => {
    const { t, ada, bob, post, clock } = await setup();
    await track(t, bob, { searchTerm: "lighthouse", action: "view", postId: post.id });
    await setPrivacyMode(t, bob, "pause");
    clock.advance(10_000);
    await track(t, bob, { searchTerm: "lighthouse", action: "view", postId: post.id });
    await releaseAnonymousNow(t);
    const viewers = (
      await t.app.inject({ url: `/api/posts/${post.id}/viewers`, headers: { cookie: ada.cookie } })
    ).json();
    expect(viewers.totalUnique).toBe(2);
    expect(viewers.viewers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: bob.user.id, firstName: "Bob", viewCount: 1 }),
        { firstName: "Anonymous User", viewCount: 1, lastViewed: expect.any(String) },
      ]),
    );
  });

  it("grants hide only with 5 unique viewers on the member's best post, and applies pause otherwise", async () => {
    const { t, bob } = await setup();
    expect((await setPrivacyMode(t, bob, "hide")).json()).toMatchObject({
      privacyMode: "pause",
      requestedMode: "hide",
    });

    const bobPost = await createPost(t, bob, "Bob's boat");
    for (let i = 0; i < 5; i++) {
      const viewer = await registerMember(t);
      await track(t, viewer, { searchTerm: "bob's boat", action: "view", postId: bobPost.id });
    }
    expect((await setPrivacyMode(t, bob, "hide")).json()).toEqual({
      privacyMode: "hide",
      requestedMode: "hide",
      timeRemaining: 0,
      pauseEndsAt: null,
    });
    expect(
      (await t.app.inject({ url: "/api/highest-viewed-post", headers: { cookie: bob.cookie } })).json(),
    ).toMatchObject({
      postName: "Bob's boat",
      uniqueViewCount: 5,
    });
  });

  it("counts only signed-in members towards hide: made-up signed-out visits never unlock it", async () => {
    const { t, bob } = await setup();
    const bobPost = await createPost(t, bob, "Bob's boat");
    const view = { searchTerm: "bob's boat", action: "view", postId: bobPost.id };
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/track-search",
        headers: { ...SAME_ORIGIN, "user-agent": `curl/8.${i}` },
        payload: view,
      });
      expect(res.json().recorded).toBe(1);
    }
    await releaseAnonymousNow(t);
    expect((await setPrivacyMode(t, bob, "hide")).json()).toMatchObject({ privacyMode: "pause" });

    for (let i = 0; i < 4; i++) await track(t, await registerMember(t), view);
    expect((await setPrivacyMode(t, bob, "hide")).json()).toMatchObject({ privacyMode: "pause" });
    const anonymousMember = await registerMember(t);
    await setPrivacyMode(t, anonymousMember, "pause");
    await track(t, anonymousMember, view);
    await releaseAnonymousNow(t);
    expect((await setPrivacyMode(t, bob, "hide")).json()).toMatchObject({ privacyMode: "hide" });
  });

  it("records the named post's name (or tagg) as the term, never the text the client sent with it", async () => {
    const { t, ada, bob, post } = await setup();
    await giveTagg(t, ada, "ada_o");
    const spam = "visit evil.example for free stuff";
    await track(t, bob, { searchTerm: spam, action: "view", postId: post.id });
    await track(t, bob, { searchTerm: spam, targetTagg: "ada_o" }, "/api/track-internal-search");
    await track(t, bob, { searchTerm: spam, postId: post.id }, "/api/track-internal-search");
    await track(t, null, { searchTerm: spam, action: "view", postId: post.id });
    await releaseAnonymousNow(t);

    const events = await analyticsOf(t, ada);
    expect(events.map((e: { searchTerm: string }) => e.searchTerm).sort()).toEqual(
      ["ada_o", "lighthouse", "lighthouse", "lighthouse"].sort(),
    );
    expect(JSON.stringify(events)).not.toContain("evil");
  });

  it("ends a pause after 48 hours and records the visitor openly again", async () => {
    const { t, ada, bob, post, clock } = await setup();
    const pausedAt = clock.now().getTime();
    await setPrivacyMode(t, bob, "pause");
    clock.advance(47 * HOUR);
    const during = (
      await t.app.inject({ url: "/api/privacy-settings", headers: { cookie: bob.cookie } })
    ).json();
    expect(during).toEqual({
      privacyMode: "pause",
      timeRemaining: 1,
      pauseEndsAt: new Date(pausedAt + 48 * HOUR).toISOString(),
    });
    await track(t, bob, { searchTerm: "lighthouse", action: "view", postId: post.id });

    clock.advance(HOUR);
    expect(
      (await t.app.inject({ url: "/api/privacy-settings", headers: { cookie: bob.cookie } })).json(),
    ).toEqual({
      privacyMode: "show",
      timeRemaining: 0,
      pauseEndsAt: null,
    });
    await track(t, bob, { searchTerm: "lighthouse", action: "view", postId: post.id });
    await releaseAnonymousNow(t);
    const events = await analyticsOf(t, ada);
    expect(events.map((e: { visitorName: string }) => e.visitorName)).toEqual([
      "Bob Visitor",
      "Anonymous User",
    ]);
  });

  it("records visitors who are not signed in anonymously", async () => {
    const { t, ada } = await setup();
    expect((await track(t, null, { searchTerm: "lighthouse" })).json().recorded).toBe(1);
    await releaseAnonymousNow(t);
    expect((await analyticsOf(t, ada))[0]).toMatchObject({ visitorName: "Anonymous User", visitorId: null });
  });

  it("validates privacy settings and needs a signed-in member", async () => {
    const { t, bob } = await setup();
    expect((await setPrivacyMode(t, bob, "invisible")).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/privacy-settings" })).statusCode).toBe(401);
  });
});

describe("owner analytics", () => {
  it("changes the list's tag when one of my posts changes, so a poll never keeps a stale scramble flag", async () => {
    const { t, ada, bob, post } = await setup();
    await track(t, bob, { searchTerm: "lighthouse", action: "view", postId: post.id });
    const etag = String(
      (await t.app.inject({ url: "/api/tagg-analytics", headers: { cookie: ada.cookie } })).headers.etag,
    );
    await t.app.inject({
      method: "PATCH",
      url: `/api/tagged-posts/${post.id}`,
      headers: asMember(ada.cookie),
      payload: { scrambleImage: true },
    });
    const res = await t.app.inject({
      url: "/api/tagg-analytics",
      headers: { cookie: ada.cookie, "if-none-match": etag },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].scrambleImage).toBe(true);
  });

  it("counts unique viewers across all my posts, anonymous visitors included but never merged", async () => {
    const { t, ada, bob, post, clock } = await setup();
    const cy = await registerMember(t);
    const other = await createPost(t, ada, "Harbour");
    await track(t, bob, { searchTerm: "lighthouse", action: "view", postId: post.id });
    await track(t, bob, { searchTerm: "harbour", action: "view", postId: other.id });
    await setPrivacyMode(t, cy, "pause");
    await track(t, cy, { searchTerm: "lighthouse", action: "view", postId: post.id });
    clock.advance(6_000);
    await track(t, cy, { searchTerm: "harbour", action: "view", postId: other.id });
    await releaseAnonymousNow(t);
    const res = await t.app.inject({ url: "/api/unique-viewers", headers: { cookie: ada.cookie } });
    expect(res.json()).toEqual({ totalUnique: 2 });
    expect((await t.app.inject({ url: "/api/unique-viewers" })).statusCode).toBe(401);
  });

  it("answers 304 to a poll when nothing changed, and the new list when something did", async () => {
    const { t, ada, bob, clock } = await setup();
    await track(t, bob, { searchTerm: "lighthouse" });
    const first = await t.app.inject({ url: "/api/tagg-analytics", headers: { cookie: ada.cookie } });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      url: "/api/tagg-analytics",
      headers: { cookie: ada.cookie, "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    clock.advance(6_000);
    await track(t, bob, { searchTerm: "lighthouse" });
    const changed = await t.app.inject({
      url: "/api/tagg-analytics",
      headers: { cookie: ada.cookie, "if-none-match": etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toHaveLength(2);
  });

  it("lets only the owner delete their analytics entries", async () => {
    const { t, ada, bob } = await setup();
    await track(t, bob, { searchTerm: "lighthouse" });
    const ids = (await analyticsOf(t, ada)).map((e: { id: string }) => e.id);
    const del = (member: Member, payload: unknown) =>
      t.app.inject({
        method: "DELETE",
        url: "/api/tagg-analytics",
        headers: asMember(member.cookie),
        payload: payload as object,
      });

    expect((await del(bob, { analyticsIds: ids })).json()).toEqual({ deleted: 0 });
    expect(await analyticsOf(t, ada)).toHaveLength(1);
    expect((await del(ada, { analyticsIds: [] })).statusCode).toBe(400);
    expect((await del(ada, { analyticsIds: ["not-an-id"] })).statusCode).toBe(400);
    expect((await del(ada, { analyticsIds: ids })).json()).toEqual({ deleted: 1 });
    expect(await analyticsOf(t, ada)).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: "/api/tagg-analytics",
          headers: SAME_ORIGIN,
          payload: { analyticsIds: ids },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("shows viewer lists only to the post's owner", async () => {
    const { t, bob, post } = await setup();
    const res = await t.app.inject({ url: `/api/posts/${post.id}/viewers`, headers: { cookie: bob.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "Access denied", code: "forbidden" });
    const missing = await t.app.inject({
      url: "/api/posts/00000000-0000-4000-8000-000000000000/viewers",
      headers: { cookie: bob.cookie },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("does not say a post exists to a member who may not see it: hidden, held for review, or blocked", async () => {
    const { t, ada, bob, post } = await setup();
    const viewersAsBob = () =>
      t.app.inject({ url: `/api/posts/${post.id}/viewers`, headers: { cookie: bob.cookie } });
    const notFound = { error: POST_MESSAGES.notFound, code: "not_found" };

    await t.db.update(taggedPosts).set({ isVisible: false }).where(eq(taggedPosts.id, post.id));
    expect((await viewersAsBob()).json()).toEqual(notFound);
    await t.db
      .update(taggedPosts)
      .set({ isVisible: true, heldForReview: true })
      .where(eq(taggedPosts.id, post.id));
    expect((await viewersAsBob()).json()).toEqual(notFound);
    await t.db.update(taggedPosts).set({ heldForReview: false }).where(eq(taggedPosts.id, post.id));
    expect((await viewersAsBob()).statusCode).toBe(403);

    expect((await blockMember(t, ada, bob)).statusCode).toBe(201);
    const answer = await viewersAsBob();
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual(notFound);
    // The owner still sees their own post's viewers.
    expect(
      (await t.app.inject({ url: `/api/posts/${post.id}/viewers`, headers: { cookie: ada.cookie } }))
        .statusCode,
    ).toBe(200);
  });

  it("gives a viewer's profile only to an owner they openly visited — no lookups of strangers", async () => {
    const { t, ada, bob, post } = await setup();
    const lookup = (who: Member, id: string) =>
      t.app.inject({ url: `/api/user-info/${id}`, headers: { cookie: who.cookie } });
    expect((await lookup(ada, bob.user.id)).statusCode).toBe(404);
    await track(t, bob, { searchTerm: "lighthouse", action: "view", postId: post.id });
    const res = await lookup(ada, bob.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      firstName: "Bob",
      lastName: "Visitor",
      tagg: "bob_v",
      profile: { bio: null, profilePictureUrl: null, socialLinks: { platforms: {}, shortcuts: [] } },
    });
    expect(res.body).not.toContain("@");
    expect((await lookup(bob, ada.user.id)).statusCode).toBe(404);
  });
});

describe("my search history", () => {
  it("lists my named searches and views only (nothing I did anonymously) and empties it on delete", async () => {
    const { t, ada, bob, post, clock } = await setup();
    await track(t, bob, { searchTerm: "lighthouse", action: "view", postId: post.id });
    await setPrivacyMode(t, bob, "pause");
    clock.advance(6_000);
    await track(t, bob, { searchTerm: "lighthouse" });
    await releaseAnonymousNow(t);

    const history = (
      await t.app.inject({ url: "/api/user-search-history", headers: { cookie: bob.cookie } })
    ).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(["view"]);
    expect(history[0]).toMatchObject({
      postName: "Lighthouse",
      ownerFirstName: "Ada",
      ownerLastName: "Owner",
    });
    expect(history[0]).not.toHaveProperty("wasAnonymous");
    expect(JSON.stringify(history)).not.toContain(ada.input.email);
    expect(
      (await t.app.inject({ url: "/api/user-search-history", headers: { cookie: ada.cookie } })).json(),
    ).toEqual([]);

    const del = await t.app.inject({
      method: "DELETE",
      url: "/api/user-search-history",
      headers: asMember(bob.cookie),
    });
    expect(del.json()).toEqual({ deleted: 1 });
    expect(
      (await t.app.inject({ url: "/api/user-search-history", headers: { cookie: bob.cookie } })).json(),
    ).toEqual([]);
    expect((await analyticsOf(t, ada)).map((e: { visitorName: string }) => e.visitorName)).toEqual([
      "Anonymous User",
    ]);
    expect((await t.app.inject({ url: "/api/user-search-history" })).statusCode).toBe(401);
  });
});

/** What the owner sees of their visitors: the list, the viewers of a post and the unique-viewer counts. */
async function ownerView(t: TestApp, owner: Member, postIds: string[]) {
  const get = async (url: string) => (await t.app.inject({ url, headers: { cookie: owner.cookie } })).json();
  return {
    events: await analyticsOf(t, owner),
    viewers: await Promise.all(postIds.map((id) => get(`/api/posts/${id}/viewers`))),
    unique: await get("/api/unique-viewers"),
    highest: await get("/api/highest-viewed-post"),
  };
}

/** Bob views both of Ada's posts by name, then anonymously; Cy views one openly. */
async function visitedOpenlyAndAnonymously() {
  const { t, ada, bob, post, clock } = await setup();
  const harbour = await createPost(t, ada, "Harbour");
  const cy = await registerMember(t, { firstName: "Cy", lastName: "Other" });
  await track(t, bob, { searchTerm: "lighthouse", action: "view", postId: post.id });
  await track(t, cy, { searchTerm: "lighthouse", action: "view", postId: post.id });
  await setPrivacyMode(t, bob, "pause");
  clock.advance(6_000);
  await track(t, bob, { searchTerm: "lighthouse", action: "view", postId: post.id });
  await track(t, bob, { searchTerm: "harbour", action: "view", postId: harbour.id });
  await track(t, bob, { searchTerm: "lighthouse" });
  await releaseAnonymousNow(t);
  return { t, ada, bob, cy, postIds: [post.id, harbour.id], clock };
}

/** The owner's view with Bob's named rows taken out by hand: what must remain after Bob is forgotten. */
function withoutNamed(before: Awaited<ReturnType<typeof ownerView>>, bobId: string) {
  return {
    events: before.events.filter((e: { visitorId: string | null }) => e.visitorId !== bobId),
    viewers: before.viewers.map((v: { totalUnique: number; viewers: { id?: string }[] }) => {
      const viewers = v.viewers.filter((row) => row.id !== bobId);
      return { ...v, viewers, totalUnique: viewers.length };
    }),
    unique: { totalUnique: before.unique.totalUnique - 1 },
    highest: { ...before.highest, uniqueViewCount: before.highest.uniqueViewCount - 1 },
  };
}

describe("forgetting a visitor", () => {
  it("deleting my history takes my named rows away and leaves my anonymous rows exactly as the owner saw them", async () => {
    const { t, ada, bob, postIds } = await visitedOpenlyAndAnonymously();
    const before = await ownerView(t, ada, postIds);
    expect(before.events).toHaveLength(5);
    expect(before.unique).toEqual({ totalUnique: 3 });

    const del = await t.app.inject({
      method: "DELETE",
      url: "/api/user-search-history",
      headers: asMember(bob.cookie),
    });
    expect(del.json()).toEqual({ deleted: 1 });
    expect(await ownerView(t, ada, postIds)).toEqual(withoutNamed(before, bob.user.id));
    const rows = await t.db.select().from(searchAnalytics);
    expect(rows.filter((row) => row.visitorId === bob.user.id)).toEqual([]);
    expect(new Set(rows.filter((r) => r.visitorId === null).map((r) => r.pseudonym)).size).toBe(1);
    expect(
      (await t.app.inject({ url: "/api/user-search-history", headers: { cookie: bob.cookie } })).json(),
    ).toEqual([]);
  });

  it("deleting my account does the same: anonymous rows stay, tied to nobody", async () => {
    const { t, ada, bob, postIds } = await visitedOpenlyAndAnonymously();
    const before = await ownerView(t, ada, postIds);

    const res = await t.app.inject({ method: "DELETE", url: "/api/profile", headers: asMember(bob.cookie) });
    expect(res.statusCode).toBe(200);
    expect(await ownerView(t, ada, postIds)).toEqual(withoutNamed(before, bob.user.id));
    const rows = await t.db.select().from(searchAnalytics);
    expect(rows.filter((row) => row.visitorId === bob.user.id)).toEqual([]);
    expect(rows.filter((row) => row.visitorName === "Anonymous User")).toHaveLength(3);
  });
});

describe("GET /api/events", () => {
  it("pushes a new analytics event to the owner's open stream", async () => {
    const { t, ada, bob } = await setup();
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const controller = new AbortController();
    const stream = await fetch(`${address}/api/events`, {
      headers: { cookie: ada.cookie },
      signal: controller.signal,
    });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const reader = stream.body?.getReader();
    await reader?.read(); // retry hint
    await track(t, bob, { searchTerm: "lighthouse" });
    let text = "";
    while (!text.includes("\n\n")) text += new TextDecoder().decode((await reader?.read())?.value);
    expect(text).toContain("event: analytics");
    expect(text).toContain('"visitorName":"Bob Visitor"');
    expect(text).not.toContain(bob.input.email);
    controller.abort();
    expect((await fetch(`${address}/api/events`)).status).toBe(401);
  });
});
