import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  anonymousActivityPending,
  memberNotices,
  profiles,
  repeatedSearchAlerts,
  searchAnalytics,
} from "#server/db/schema/index.ts";
import {
  asMember,
  createPost,
  reauthenticate,
  registerMember,
  releaseAnonymousNow,
  setPrivacyMode,
  viewPost,
} from "#server/test/factories.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

type Member = Awaited<ReturnType<typeof registerMember>>;
type Clock = ReturnType<typeof manualClock>;
const DAY = 86_400_000;
/** Past the 5 s window in which the same search is not recorded twice. */
const PAST_REPEAT_WINDOW = 6_000;

async function setup() {
  const clock = manualClock();
  const t = await createTestApp({ clock });
  const ada = await registerMember(t, { firstName: "Ada", lastName: "Owner" });
  const bob = await registerMember(t, { firstName: "Bob", lastName: "Visitor" });
  const post = await createPost(t, ada, "Lighthouse");
  return { t, clock, ada, bob, post };
}

/** A visitor's signed-in public search (recorded by the search itself), or a signed-out one when null. */
const search = (t: TestApp, visitor: Member | null, term: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    url: `/api/public/tagged-posts?search=${encodeURIComponent(term)}`,
    headers: { ...(visitor ? { cookie: visitor.cookie } : {}), ...headers },
    remoteAddress: "10.9.9.9",
  });

/** `n` searches and views of the post, alternating, each past the repeat window so every one is recorded. */
async function lookFor(
  t: TestApp,
  clock: Clock,
  visitor: Member,
  post: { id: string; postName: string },
  n: number,
) {
  for (let i = 0; i < n; i++) {
    clock.advance(PAST_REPEAT_WINDOW);
    const res = i % 2 === 0 ? await search(t, visitor, post.postName) : await viewPost(t, visitor, post);
    expect(res.statusCode).toBeLessThan(300);
  }
}

const noticesOf = async (t: TestApp, member: Member) =>
  (await t.app.inject({ url: "/api/notices", headers: { cookie: member.cookie } })).json();

const alertRows = (t: TestApp) => t.db.select().from(repeatedSearchAlerts);
const alertNoticeRows = (t: TestApp) =>
  t.db.select().from(memberNotices).where(eq(memberNotices.kind, "repeated_search"));

const alertAbout = (visitor: Member, name: string) => ({
  id: expect.any(String),
  kind: "repeated_search",
  postName: null,
  visitor: { id: visitor.user.id, name },
  tagg: null,
  decisionId: null,
  text: `${name} looked for your posts 5 times this week`,
  createdAt: expect.any(String),
});

describe("the repeated-search alert", () => {
  it("tells the owner once, at a named visitor's 5th search or view within 7 days, not at the 4th", async () => {
    const { t, clock, ada, bob, post } = await setup();
    await lookFor(t, clock, bob, post, 4);
    expect(await noticesOf(t, ada)).toEqual([]);
    expect(await alertRows(t)).toEqual([]);

    await lookFor(t, clock, bob, post, 1);
    const notices = await noticesOf(t, ada);
    expect(notices).toEqual([alertAbout(bob, "Bob Visitor")]);
    expect(notices[0].createdAt).toBe(clock.now().toISOString());
    expect(JSON.stringify(notices)).not.toContain(bob.input.email);
    expect(await alertRows(t)).toEqual([
      { ownerId: ada.user.id, visitorId: bob.user.id, alertedAt: clock.now() },
    ]);
    // The visitor is not told, and the owner's own searches never count.
    expect(await noticesOf(t, bob)).toEqual([]);

    // The notice names the visitor as they are called now.
    await t.db.update(profiles).set({ firstName: "Robert" }).where(eq(profiles.id, bob.user.id));
    expect(await noticesOf(t, ada)).toEqual([alertAbout(bob, "Robert Visitor")]);
  });

  it("is not sent again within 7 days, even at the 10th, and again after 7 days once 5 fall within the latest 7", async () => {
    const { t, clock, ada, bob, post } = await setup();
    await lookFor(t, clock, bob, post, 10);
    expect(await noticesOf(t, ada)).toHaveLength(1);
    clock.advance(6 * DAY);
    await lookFor(t, clock, bob, post, 5);
    expect(await noticesOf(t, ada)).toHaveLength(1);

    // 8 days after the first alert: the day-6 events still count, and the alert is free again.
    clock.advance(2 * DAY);
    await lookFor(t, clock, bob, post, 1);
    expect(await noticesOf(t, ada)).toHaveLength(2);

    // A fortnight on, the window is empty: four events are not enough, the fifth is.
    clock.advance(14 * DAY);
    await lookFor(t, clock, bob, post, 4);
    expect(await noticesOf(t, ada)).toHaveLength(2);
    await lookFor(t, clock, bob, post, 1);
    const notices = await noticesOf(t, ada);
    expect(notices).toEqual(Array(3).fill(alertAbout(bob, "Bob Visitor")));
    expect(notices[0].createdAt).toBe(clock.now().toISOString());
    expect(await alertRows(t)).toEqual([
      { ownerId: ada.user.id, visitorId: bob.user.id, alertedAt: clock.now() },
    ]);
  });

  it("counts per visitor and per owner", async () => {
    const { t, clock, ada, bob, post } = await setup();
    const cy = await registerMember(t, { firstName: "Cy", lastName: "Other" });
    const dee = await registerMember(t, { firstName: "Dee", lastName: "Owner" });
    const deesPost = await createPost(t, dee, "Harbour");

    // Three at Ada's post and two at Dee's: five in all, but no owner has five.
    await lookFor(t, clock, bob, post, 3);
    await lookFor(t, clock, bob, deesPost, 2);
    await lookFor(t, clock, cy, post, 4);
    expect(await alertNoticeRows(t)).toEqual([]);

    await lookFor(t, clock, bob, post, 2);
    await lookFor(t, clock, cy, post, 1);
    expect(await noticesOf(t, ada)).toEqual([alertAbout(cy, "Cy Other"), alertAbout(bob, "Bob Visitor")]);
    expect(await noticesOf(t, dee)).toEqual([]);
    await lookFor(t, clock, bob, deesPost, 3);
    expect(await noticesOf(t, dee)).toEqual([alertAbout(bob, "Bob Visitor")]);
    expect(await noticesOf(t, ada)).toHaveLength(2);
  });

  it("is sent once when the events that reach 5 arrive together", async () => {
    const { t, clock, ada, bob, post } = await setup();
    const more = [];
    for (const name of ["Harbour", "Pier", "Dune", "Cliff"]) more.push(await createPost(t, ada, name));
    await lookFor(t, clock, bob, post, 4);
    clock.advance(PAST_REPEAT_WINDOW);
    const answers = await Promise.all(more.map((other) => viewPost(t, bob, other)));
    expect(answers.map((res) => res.json().recorded)).toEqual([1, 1, 1, 1]);
    expect(await noticesOf(t, ada)).toEqual([alertAbout(bob, "Bob Visitor")]);
    expect(await alertRows(t)).toHaveLength(1);
  });

  it("reaches the owner's open event stream as a notice event", async () => {
    const { t, clock, ada, bob, post } = await setup();
    await lookFor(t, clock, bob, post, 4);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const controller = new AbortController();
    const stream = await fetch(`${address}/api/events`, {
      headers: { cookie: ada.cookie },
      signal: controller.signal,
    });
    const reader = stream.body?.getReader();
    await reader?.read(); // retry hint
    await lookFor(t, clock, bob, post, 1);
    let text = "";
    const noticeEvent = /event: notice\ndata: (.*)\n\n/;
    while (!noticeEvent.test(text)) text += new TextDecoder().decode((await reader?.read())?.value);
    controller.abort();
    const data = JSON.parse(text.match(noticeEvent)?.[1] ?? "null");
    expect(data).toEqual(alertAbout(bob, "Bob Visitor"));
    expect(data).toEqual((await noticesOf(t, ada))[0]);
  });
});

describe("what the alert never concerns: anonymous activity", () => {
  it("never counts, nor sets off, a search or view made in pause or hide mode, signed out, or sent from another site", async () => {
    const { t, clock, ada, bob, post } = await setup();
    const cy = await registerMember(t, { firstName: "Cy", lastName: "Hidden" });
    const dan = await registerMember(t, { firstName: "Dan", lastName: "Shown" });

    await setPrivacyMode(t, bob, "pause");
    await lookFor(t, clock, bob, post, 6);
    // Hide mode is granted by rules tested elsewhere; here it is simply on.
    await t.db.update(profiles).set({ privacyMode: "hide" }).where(eq(profiles.id, cy.user.id));
    await t.app.changes.sync();
    await lookFor(t, clock, cy, post, 6);
    for (let i = 0; i < 6; i++) {
      clock.advance(PAST_REPEAT_WINDOW);
      await search(t, null, "Lighthouse");
      await search(t, dan, "Lighthouse", { "sec-fetch-site": "cross-site" });
    }
    expect(await t.db.select().from(anonymousActivityPending)).toHaveLength(24);
    await releaseAnonymousNow(t);
    expect(await t.db.select().from(searchAnalytics)).toHaveLength(24);

    // Nothing anywhere: no alert, no record of one, for the owner or in the database.
    expect(await noticesOf(t, ada)).toEqual([]);
    expect(await t.db.select().from(memberNotices)).toEqual([]);
    expect(await alertRows(t)).toEqual([]);

    // Back in show mode, the anonymous events do not count toward the visitor's five.
    expect((await setPrivacyMode(t, bob, "show")).statusCode).toBe(200);
    await lookFor(t, clock, bob, post, 4);
    expect(await alertNoticeRows(t)).toEqual([]);
    await lookFor(t, clock, bob, post, 1);
    expect(await noticesOf(t, ada)).toEqual([alertAbout(bob, "Bob Visitor")]);
  });
});

describe("forgetting the visitor", () => {
  it("takes the alerts about them, and the record of when they were sent, when they empty their history", async () => {
    const { t, clock, ada, bob, post } = await setup();
    const cy = await registerMember(t, { firstName: "Cy", lastName: "Other" });
    await lookFor(t, clock, bob, post, 5);
    await lookFor(t, clock, cy, post, 5);
    expect(await noticesOf(t, ada)).toHaveLength(2);

    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/user-search-history",
      headers: asMember(bob.cookie),
    });
    expect(res.json()).toEqual({ deleted: 5 });
    expect(await noticesOf(t, ada)).toEqual([alertAbout(cy, "Cy Other")]);
    expect(await alertRows(t)).toEqual([expect.objectContaining({ visitorId: cy.user.id })]);
    const everything = JSON.stringify([
      await t.db.select().from(memberNotices),
      await alertRows(t),
      await t.db.select().from(searchAnalytics),
    ]);
    expect(everything).not.toContain(bob.user.id);
  });

  it("takes the alerts about a member who deletes their account", async () => {
    const { t, clock, ada, bob, post } = await setup();
    await lookFor(t, clock, bob, post, 5);
    expect(await noticesOf(t, ada)).toHaveLength(1);
    await reauthenticate(t, bob);
    const res = await t.app.inject({ method: "DELETE", url: "/api/profile", headers: asMember(bob.cookie) });
    expect(res.statusCode).toBe(200);
    expect(await noticesOf(t, ada)).toEqual([]);
    expect(await alertRows(t)).toEqual([]);
  });

  it("keeps no record of an alert once 7 days have passed", async () => {
    const { t, clock, ada, bob, post } = await setup();
    await lookFor(t, clock, bob, post, 5);
    await t.app.jobs.run("forget-old-alerts");
    expect(await alertRows(t)).toHaveLength(1);
    clock.advance(7 * DAY);
    await t.app.jobs.run("forget-old-alerts");
    expect(await alertRows(t)).toEqual([]);
    // The notice is the owner's until they dismiss it.
    expect(await noticesOf(t, ada)).toHaveLength(1);
  });
});
