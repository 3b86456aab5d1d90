import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import { postReportSettings, profiles, searchAnalytics, taggedPosts } from "#server/db/schema/index.ts";
import { asMember, registerMember, registerTrustedReporter, SAME_ORIGIN } from "#server/test/factories.ts";
import { png, uploadImage } from "#server/test/images.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

type Member = Awaited<ReturnType<typeof registerMember>>;

async function createPost(t: TestApp, member: Member, postName: string, extra: Record<string, unknown> = {}) {
  const upload = (await uploadImage(t, member.cookie, await png())).json();
  return t.app.inject({
    method: "POST",
    url: "/api/tagged-posts",
    headers: asMember(member.cookie),
    payload: { postName, originalImage: upload.imageUrl, scrambledImage: upload.scrambledImageUrl, ...extra },
  });
}

const storedFiles = async (t: TestApp) =>
  (await readdir(path.join(t.dataDir, "uploads")).catch(() => [])).sort();

describe("GET /api/check-post-name", () => {
  it("says a free name is available and a taken one (any case or spacing) is not, with free suggestions", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    await createPost(t, ada, "Sunset (Brighton)");
    await createPost(t, ada, "sunset (brighton) 2");

    const free = await t.app.inject({
      url: "/api/check-post-name?name=Moonrise",
      headers: { cookie: ada.cookie },
    });
    expect(free.json()).toEqual({ available: true, suggestions: [] });

    const taken = await t.app.inject({
      url: `/api/check-post-name?name=${encodeURIComponent("  SUNSET (brighton) ")}`,
      headers: { cookie: ada.cookie },
    });
    const body = taken.json();
    expect(body.available).toBe(false);
    expect(body.suggestions.length).toBeGreaterThanOrEqual(3);
    expect(body.suggestions.map((s: string) => s.toLowerCase())).not.toContain("sunset (brighton) 2");
    for (const suggestion of body.suggestions) {
      const check = await t.app.inject({
        url: `/api/check-post-name?name=${encodeURIComponent(suggestion)}`,
        headers: { cookie: ada.cookie },
      });
      expect(check.json().available).toBe(true);
    }
  });

  it("validates the name and needs a signed-in member", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const blank = await t.app.inject({ url: "/api/check-post-name?name=%20%20", headers: { cookie } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe("Post name is required");
    expect((await t.app.inject({ url: "/api/check-post-name?name=x" })).statusCode).toBe(401);
  });
});

describe("POST /api/tagged-posts", () => {
  it("creates a post from the member's own upload", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const res = await createPost(t, ada, "  My first post ", { comment: "hello", hidePersonalInfo: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      postName: "My first post",
      originalImage: expect.stringMatching(/^\/uploads\//),
      scrambledImage: expect.stringMatching(/-scrambled\.jpg$/),
      thumbnailImage: expect.stringMatching(/-thumb\.webp$/),
      scrambleImage: false,
      hidePersonalInfo: true,
      isVisible: true,
      comment: "hello",
      createdAt: expect.any(String),
      uniqueViewCount: 0,
    });
  });

  it("refuses a name taken case-insensitively with 409 and free suggestions, writing nothing", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const bob = await registerMember(t);
    await createPost(t, ada, "Red Door");
    const res = await createPost(t, bob, "red door ");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: POST_MESSAGES.nameTaken,
      code: "name_taken",
      suggestions: expect.any(Array),
    });
    expect(res.json().suggestions.length).toBeGreaterThanOrEqual(3);
    expect(await t.db.select().from(taggedPosts)).toHaveLength(1);
  });

  it("refuses another member's upload, a made-up path, a long comment and unknown fields", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const bob = await registerMember(t);
    const adaUpload = (await uploadImage(t, ada.cookie, await png())).json();
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: "POST",
        url: "/api/tagged-posts",
        headers: asMember(bob.cookie),
        payload: {
          postName: "Borrowed",
          originalImage: adaUpload.imageUrl,
          scrambledImage: adaUpload.scrambledImageUrl,
          ...payload,
        },
      });

    const stolen = await post({});
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe(POST_MESSAGES.imageNotYours);
    expect((await post({ originalImage: "/etc/passwd" })).json().error).toBe("Image path is not valid");
    expect((await post({ comment: "x".repeat(501) })).json().error).toBe(
      "Comment must be at most 500 characters",
    );
    expect((await post({ userId: ada.user.id })).statusCode).toBe(400);
    expect(await t.db.select().from(taggedPosts)).toEqual([]);
  });

  it("needs a signed-in member", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/tagged-posts",
      headers: SAME_ORIGIN,
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /api/tagged-posts", () => {
  it("lists only my posts, newest first, with their unique view counts", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const bob = await registerMember(t);
    const first = (await createPost(t, ada, "First")).json();
    await createPost(t, ada, "Second");
    await createPost(t, bob, "Bob's");
    const view = (pseudonym: string) => ({
      targetUserId: ada.user.id,
      postId: first.id,
      postName: "First",
      visitorName: "Anonymous User",
      pseudonym,
      action: "view" as const,
    });
    await t.db.insert(searchAnalytics).values([view("a"), view("a"), view("b")]);

    const res = await t.app.inject({ url: "/api/tagged-posts", headers: { cookie: ada.cookie } });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().map((p: { postName: string; uniqueViewCount: number }) => [p.postName, p.uniqueViewCount]),
    ).toEqual([
      ["Second", 0],
      ["First", 2],
    ]);
    expect((await t.app.inject({ url: "/api/tagged-posts" })).statusCode).toBe(401);
  });
});

describe("changing and deleting posts", () => {
  it("lets the owner toggle scrambling, which changes what strangers are served", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const stranger = await registerMember(t);
    const post = (await createPost(t, ada, "Toggle me")).json();
    const fetchAs = (cookie: string) => t.app.inject({ url: post.originalImage, headers: { cookie } });
    const scrambledBytes = (await t.app.inject({ url: post.scrambledImage })).rawPayload;

    expect((await fetchAs(stranger.cookie)).rawPayload.equals(scrambledBytes)).toBe(false);

    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/tagged-posts/${post.id}`,
      headers: asMember(ada.cookie),
      payload: { scrambleImage: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().scrambleImage).toBe(true);
    expect((await fetchAs(stranger.cookie)).rawPayload.equals(scrambledBytes)).toBe(true);
    expect((await fetchAs(ada.cookie)).rawPayload.equals(scrambledBytes)).toBe(false);
  });

  it("treats another member's post as not found for every change", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const bob = await registerMember(t);
    const post = (await createPost(t, ada, "Mine")).json();
    const filesBefore = await storedFiles(t);

    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/tagged-posts/${post.id}`,
      headers: asMember(bob.cookie),
      payload: { scrambleImage: true },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ error: POST_MESSAGES.notFound, code: "not_found" });
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/tagged-posts/${post.id}`,
      headers: asMember(bob.cookie),
    });
    expect(del.statusCode).toBe(404);

    await t.db.update(profiles).set({ subscriptionStatus: "active" }).where(eq(profiles.id, bob.user.id));
    await t.app.changes.sync(); // the cached session hears of the write
    await t.app.inject({
      method: "PATCH",
      url: "/api/tagged-posts/bulk-hide",
      headers: asMember(bob.cookie),
    });
    await t.app.inject({
      method: "DELETE",
      url: "/api/tagged-posts/bulk-delete",
      headers: asMember(bob.cookie),
    });

    const [row] = await t.db.select().from(taggedPosts).where(eq(taggedPosts.id, post.id));
    expect(row).toMatchObject({ scrambleImage: false, isVisible: true });
    expect(await storedFiles(t)).toEqual(filesBefore);
  });

  it("deletes a post together with its files", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const post = (await createPost(t, ada, "Short-lived")).json();
    expect(await storedFiles(t)).toHaveLength(3);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/tagged-posts/${post.id}`,
      headers: asMember(ada.cookie),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await storedFiles(t)).toEqual([]);
    expect(
      (await t.app.inject({ url: post.originalImage, headers: { cookie: ada.cookie } })).statusCode,
    ).toBe(404);
  });

  it("allows bulk hide and show only with an active subscription", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    await createPost(t, ada, "One");
    await createPost(t, ada, "Two");
    const bulk = (action: "bulk-hide" | "bulk-show") =>
      t.app.inject({ method: "PATCH", url: `/api/tagged-posts/${action}`, headers: asMember(ada.cookie) });

    const refused = await bulk("bulk-hide");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "Active subscription required", code: "subscription_required" });
    expect((await t.db.select().from(taggedPosts)).every((p) => p.isVisible)).toBe(true);

    await t.db.update(profiles).set({ subscriptionStatus: "active" }).where(eq(profiles.id, ada.user.id));
    await t.app.changes.sync();
    expect((await bulk("bulk-hide")).json()).toEqual({ updated: 2 });
    expect((await t.db.select().from(taggedPosts)).every((p) => !p.isVisible)).toBe(true);
    expect((await bulk("bulk-show")).json()).toEqual({ updated: 2 });
  });

  it("bulk-deletes only my posts and their files", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const bob = await registerMember(t);
    await createPost(t, ada, "A1");
    await createPost(t, ada, "A2");
    await createPost(t, bob, "B1");
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/tagged-posts/bulk-delete",
      headers: asMember(ada.cookie),
    });
    expect(res.json()).toEqual({ deleted: 2 });
    expect((await t.db.select().from(taggedPosts)).map((p) => p.postName)).toEqual(["B1"]);
    expect(await storedFiles(t)).toHaveLength(3);
  });
});

describe("POST /api/tagged-posts/:id/report", () => {
  it('takes one report per member, refuses reporting your own post, and removes it at the threshold when the action is "delete"', async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    // Verified, long-standing members: their reports count toward the automatic action (decision 049).
    const bob = await registerTrustedReporter(t);
    const cy = await registerTrustedReporter(t);
    const post = (await createPost(t, ada, "Reported")).json();
    const report = (member: Member) =>
      t.app.inject({
        method: "POST",
        url: `/api/tagged-posts/${post.id}/report`,
        headers: asMember(member.cookie),
      });

    expect((await report(ada)).json()).toEqual({ error: POST_MESSAGES.ownPost, code: "validation" });
    expect((await report(bob)).json()).toEqual({ reported: true, removed: false });
    const again = await report(bob);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: POST_MESSAGES.alreadyReported, code: "conflict" });

    await t.db
      .update(postReportSettings)
      .set({ autoDeleteEnabled: true, autoDeleteThreshold: 2, autoAction: "delete" })
      .where(eq(postReportSettings.id, 1));
    expect((await report(cy)).json()).toEqual({ reported: true, removed: true });
    // Removed, not yet deleted: kept out of sight, with its images, while the removal may be appealed.
    const [removed] = await t.db.select().from(taggedPosts);
    expect(removed?.removedAt).toEqual(expect.any(Date));
    expect(await storedFiles(t)).not.toEqual([]);
    expect((await report(cy)).statusCode).toBe(404);
  });
});
