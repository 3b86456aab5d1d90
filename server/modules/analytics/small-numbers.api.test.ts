import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anonymousActivityPending, searchAnalytics } from "#server/db/schema/index.ts";
import { createPost, registerMember, SAME_ORIGIN, setPrivacyMode, viewPost } from "#server/test/factories.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

/**
 * Small numbers, tried as an owner who knows who could have looked: anonymous activity is shown only from a
 * window that held at least 3 distinct anonymous visitors. Here the release bucket is an hour and there is no
 * random delay, so the tests can drive the clock to each window's end.
 */
type Member = Awaited<ReturnType<typeof registerMember>>;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MIN_VISITORS = 3;
// A Monday, 09:10 UTC: its hour, day and week start at 09:00, midnight and that midnight.
const MONDAY = new Date("2026-03-02T09:10:00.000Z");

async function setup() {
  const clock = manualClock(MONDAY);
  const t = await createTestApp({
    clock,
    config: { anonymity: { releaseMinutes: 60, jitterMinutes: 0, minVisitors: MIN_VISITORS, keyDays: 30 } },
  });
  const ada = await registerMember(t, { firstName: "Ada", lastName: "Owner" });
  const post = await createPost(t, ada, "Ada's lighthouse");
  return { t, clock, ada, post };
}

/** A member in pause: their views are anonymous. */
async function anonymousMember(t: TestApp, firstName: string) {
  const member = await registerMember(t, { firstName, lastName: "Visitor" });
  await setPrivacyMode(t, member, "pause");
  return member;
}

const releaseJob = (t: TestApp) => t.app.jobs.run("release-anonymous-activity");

/** Moves the clock to `at` (never back) and runs the release there, as the job would. */
async function releaseAt(t: TestApp, clock: ReturnType<typeof manualClock>, at: Date) {
  clock.advance(Math.max(0, at.getTime() - clock.now().getTime()));
  await releaseJob(t);
}

const ownerGet = async (t: TestApp, owner: Member, url: string) =>
  t.app.inject({ url, headers: { cookie: owner.cookie } });

describe("anonymous activity at small numbers", () => {
  it("is shown with its hour when the hour held enough distinct visitors", async () => {
    const { t, clock, ada, post } = await setup();
    for (const name of ["Bo", "Cy", "Di"]) await viewPost(t, await anonymousMember(t, name), post);
    await releaseAt(t, clock, new Date("2026-03-02T10:00:00.000Z"));

    const list = (await ownerGet(t, ada, "/api/tagg-analytics")).json();
    expect(list).toHaveLength(3);
    for (const event of list) {
      expect(event).toMatchObject({
        visitorName: "Anonymous User",
        visitorId: null,
        createdAt: "2026-03-02T09:00:00.000Z",
        timeWindowMinutes: 60,
      });
    }
  });

  it("waits for the day when the hour held too few, then shows the whole day's together, timed by the day", async () => {
    const { t, clock, ada, post } = await setup();
    const before = await ownerGet(t, ada, "/api/tagg-analytics");
    const bo = await anonymousMember(t, "Bo");
    const cy = await anonymousMember(t, "Cy");
    await viewPost(t, bo, post);
    await viewPost(t, cy, post);
    clock.advance(MINUTE);
    await viewPost(t, bo, post); // one visitor twice is still one visitor: two in the hour
    await releaseAt(t, clock, new Date("2026-03-02T10:00:00.000Z"));

    // Two visitors in the hour: nothing shows, and nothing changed for the owner.
    const afterHour = await ownerGet(t, ada, "/api/tagg-analytics");
    expect(afterHour.json()).toEqual([]);
    expect(afterHour.headers.etag).toBe(before.headers.etag);
    expect((await ownerGet(t, ada, "/api/unique-viewers")).json()).toMatchObject({ totalUnique: 0 });

    // A third, in the afternoon: its own hour holds one, and waits too.
    clock.advance(6 * HOUR);
    await viewPost(t, await anonymousMember(t, "Di"), post);
    await releaseAt(t, clock, new Date("2026-03-02T16:00:00.000Z"));
    expect((await ownerGet(t, ada, "/api/tagg-analytics")).json()).toEqual([]);

    // At the day's end the day holds three: all four events show at once, timed by the day alone.
    await releaseAt(t, clock, new Date("2026-03-03T00:00:00.000Z"));
    const list = (await ownerGet(t, ada, "/api/tagg-analytics")).json();
    expect(list).toHaveLength(4);
    for (const event of list) {
      expect(event).toMatchObject({ createdAt: "2026-03-02T00:00:00.000Z", timeWindowMinutes: 24 * 60 });
    }
    expect((await ownerGet(t, ada, "/api/unique-viewers")).json()).toMatchObject({ totalUnique: 3 });
    expect(await t.db.select().from(anonymousActivityPending)).toEqual([]);
  });

  it("ends a week that held too few as a line alone, with no post, term or visitor", async () => {
    const { t, clock, ada, post } = await setup();
    await viewPost(t, await anonymousMember(t, "Bo"), post);
    clock.advance(2 * DAY);
    await viewPost(t, await anonymousMember(t, "Cy"), post);
    // Through every hour, day and the week's end: nothing of theirs shows until the week is over.
    for (let at = new Date("2026-03-02T10:00:00.000Z"); at < new Date("2026-03-09T00:00:00.000Z"); ) {
      await releaseAt(t, clock, at);
      expect((await ownerGet(t, ada, "/api/tagg-analytics")).json()).toEqual([]);
      expect((await ownerGet(t, ada, "/api/tagg-analytics/quiet-weeks")).json()).toEqual([]);
      at = new Date(at.getTime() + 6 * HOUR);
    }
    await releaseAt(t, clock, new Date("2026-03-09T00:00:00.000Z"));

    expect((await ownerGet(t, ada, "/api/tagg-analytics")).json()).toEqual([]);
    expect((await ownerGet(t, ada, "/api/unique-viewers")).json()).toMatchObject({ totalUnique: 0 });
    const quiet = (await ownerGet(t, ada, "/api/tagg-analytics/quiet-weeks")).json();
    expect(quiet).toEqual([
      {
        id: expect.any(String),
        windowStart: "2026-03-02T00:00:00.000Z",
        windowMinutes: 7 * 24 * 60,
        fewerThan: MIN_VISITORS,
      },
    ]);
    expect(await t.db.select().from(anonymousActivityPending)).toEqual([]);
  });

  it("settles a busy window whole, however many rows it holds", async () => {
    const { t, clock, ada, post } = await setup();
    const hour = new Date("2026-03-02T09:00:00.000Z");
    // 6,000 held rows from 3 visitors: more than one statement may carry (65,535 parameters at 12 a row).
    const rows = Array.from({ length: 6_000 }, (_, i) => ({
      targetUserId: ada.user.id,
      postId: post.id,
      postName: post.postName,
      pseudonym: `pseudonym-${i % 3}`,
      guest: true,
      action: "view" as const,
      searchTerm: post.postName,
      bucketStart: hour,
      windowMinutes: 60,
      releaseAt: new Date("2026-03-02T10:00:00.000Z"),
    }));
    for (let i = 0; i < rows.length; i += 2_000) {
      await t.db.insert(anonymousActivityPending).values(rows.slice(i, i + 2_000));
    }
    await releaseAt(t, clock, new Date("2026-03-02T10:00:00.000Z"));
    expect(await t.db.select().from(anonymousActivityPending)).toEqual([]);
    const released = await t.db
      .select({ id: searchAnalytics.id })
      .from(searchAnalytics)
      .where(eq(searchAnalytics.targetUserId, ada.user.id));
    expect(released).toHaveLength(6_000);
    expect((await ownerGet(t, ada, "/api/unique-viewers")).json()).toMatchObject({ totalUnique: 3 });
  });

  it("keeps named activity live and exact beside it", async () => {
    const { t, ada, post } = await setup();
    const named = await registerMember(t, { firstName: "Ed", lastName: "Named" });
    await viewPost(t, named, post);
    const list = (await ownerGet(t, ada, "/api/tagg-analytics")).json();
    expect(list).toMatchObject([{ visitorId: named.user.id, timeWindowMinutes: null }]);
  });
});

/** A guest (not signed in) is one anonymous visitor per address and browser. */
const guestView = (t: TestApp, guest: number, post: { id: string; postName: string }) =>
  t.app.inject({
    method: "POST",
    url: "/api/track-search",
    headers: { ...SAME_ORIGIN, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" },
    remoteAddress: `203.0.113.${guest + 1}`,
    payload: { searchTerm: post.postName, action: "view", postId: post.id },
  });

/**
 * Everything an owner can learn of their visitors, made comparable between two owners who had the same
 * visitors: their own post's name and id, event ids and image addresses are replaced by placeholders, and lists
 * are sorted (rows listed at one time come in random order).
 */
async function observed(t: TestApp, owner: Member, post: { id: string; postName: string }) {
  const urls = [
    "/api/tagg-analytics",
    "/api/unique-viewers",
    `/api/posts/${post.id}/viewers`,
    "/api/highest-viewed-post",
    "/api/tagg-analytics/quiet-weeks",
    "/api/notices",
  ];
  const answers: Record<string, unknown> = {};
  let etag: unknown;
  for (const url of urls) {
    const answer = await ownerGet(t, owner, url);
    if (url === "/api/tagg-analytics") etag = answer.headers.etag;
    answers[url.replace(post.id, ":post")] = answer.json();
  }
  // The search term is the post's name as typed: any case.
  const text = JSON.stringify(answers)
    .replaceAll(post.id, "POST")
    .replace(new RegExp(post.postName, "gi"), "POST NAME");
  const normal = (value: unknown): unknown => {
    if (Array.isArray(value))
      return value.map(normal).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [
          key,
          key === "id" && typeof item === "string" && item !== "POST" ? "ID" : normal(item),
        ]),
      );
    }
    return typeof value === "string" && value.includes("/uploads/") ? "IMAGE" : value;
  };
  return { etag, seen: normal(JSON.parse(text)) };
}

/** One visit in a history: who (named members first, then guests) and when, in minutes from the start. */
type Visit = { who: number; minute: number };
const NAMED = 2;
const GUESTS = 4;
const SPAN_MINUTES = 30 * 60;

describe("one anonymous visitor alone", () => {
  it("changes nothing an owner can observe until the window they are in is released", async () => {
    const visit = fc.record({
      who: fc.integer({ min: 0, max: NAMED + GUESTS - 1 }),
      minute: fc.integer({ min: 0, max: SPAN_MINUTES }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(visit, { maxLength: 12 }),
        fc.integer({ min: 0, max: SPAN_MINUTES }),
        async (history, extraMinute) => {
          // The extra visitor's hour holds too few with them: at most MIN - 2 other anonymous visitors.
          const hourOf = (minute: number) => Math.floor((MONDAY.getTime() + minute * MINUTE) / HOUR);
          const othersInHour = new Set(
            history
              .filter((v) => v.who >= NAMED && hourOf(v.minute) === hourOf(extraMinute))
              .map((v) => v.who),
          );
          fc.pre(othersInHour.size <= MIN_VISITORS - 2);
          await sameUntilReleased(history, extraMinute);
        },
      ),
      { numRuns: 6, endOnFailure: true },
    );
  });
});

/**
 * Owners Ada and Bea get the same `history` of visits to their posts; Bea also gets one more anonymous guest at
 * `extraMinute`. At the end of every hour, day and the week, after the release, both must observe the same (and
 * their list's tag must change alike) for as long as that guest's activity is still held.
 */
async function sameUntilReleased(history: Visit[], extraMinute: number) {
  const clock = manualClock(MONDAY);
  const t = await createTestApp({
    clock,
    config: { anonymity: { releaseMinutes: 60, jitterMinutes: 0, minVisitors: MIN_VISITORS, keyDays: 30 } },
  });
  const ada = await registerMember(t, { firstName: "Ada", lastName: "Owner" });
  const bea = await registerMember(t, { firstName: "Bea", lastName: "Owner" });
  const posts = {
    ada: await createPost(t, ada, "Ada lighthouse"),
    bea: await createPost(t, bea, "Bea lighthouse"),
  };
  const named = [
    await registerMember(t, { firstName: "Ed", lastName: "Named" }),
    await registerMember(t, { firstName: "Flo", lastName: "Named" }),
  ];
  const heldAt = async (owner: Member) =>
    (
      await t.db
        .select()
        .from(anonymousActivityPending)
        .where(eq(anonymousActivityPending.targetUserId, owner.user.id))
    ).length;

  type Step = { minute: number; run: () => Promise<unknown> };
  const steps: Step[] = [
    ...history.flatMap(({ who, minute }) => [
      {
        minute,
        run: () =>
          who < NAMED ? viewPost(t, named[who] as Member, posts.ada) : guestView(t, who, posts.ada),
      },
      {
        minute,
        run: () =>
          who < NAMED ? viewPost(t, named[who] as Member, posts.bea) : guestView(t, who, posts.bea),
      },
    ]),
    { minute: extraMinute, run: () => guestView(t, 99, posts.bea) },
  ].sort((a, b) => a.minute - b.minute);
  const weekEnd = new Date("2026-03-09T00:00:00.000Z");
  const checkpoints: Date[] = [];
  for (
    let at = new Date("2026-03-02T10:00:00.000Z");
    at.getTime() <= MONDAY.getTime() + SPAN_MINUTES * MINUTE + HOUR;
    at = new Date(at.getTime() + HOUR)
  )
    checkpoints.push(at);
  checkpoints.push(new Date("2026-03-03T00:00:00.000Z"), new Date("2026-03-04T00:00:00.000Z"), weekEnd);
  checkpoints.sort((a, b) => a.getTime() - b.getTime());

  const extraHourEnd = (Math.floor((MONDAY.getTime() + extraMinute * MINUTE) / HOUR) + 1) * HOUR;
  let before = { ada: await observed(t, ada, posts.ada), bea: await observed(t, bea, posts.bea) };
  for (const checkpoint of checkpoints) {
    while (steps[0] && MONDAY.getTime() + steps[0].minute * MINUTE < checkpoint.getTime()) {
      const step = steps.shift() as Step;
      clock.advance(Math.max(0, MONDAY.getTime() + step.minute * MINUTE - clock.now().getTime()));
      await step.run();
    }
    await releaseAt(t, clock, checkpoint);
    const extraHeld = (await heldAt(bea)) > (await heldAt(ada));
    // The guest's own hour held too few: its end never shows them.
    if (checkpoint.getTime() === extraHourEnd) expect(extraHeld, "held past their hour").toBe(true);
    const after = { ada: await observed(t, ada, posts.ada), bea: await observed(t, bea, posts.bea) };
    if (!extraHeld) return; // released: from here on Bea may see more
    expect(after.bea.seen, `at ${checkpoint.toISOString()}`).toEqual(after.ada.seen);
    expect(after.bea.etag !== before.bea.etag, `tag at ${checkpoint.toISOString()}`).toBe(
      after.ada.etag !== before.ada.etag,
    );
    before = after;
  }
}
