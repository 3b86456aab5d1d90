import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anonymousActivityPending } from "#server/db/schema/index.ts";
import { asMember, createPost, registerMember, SAME_ORIGIN, setPrivacyMode } from "#server/test/factories.ts";
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

const view = (t: TestApp, visitor: Member, post: { id: string; postName: string }) =>
  t.app.inject({
    method: "POST",
    url: "/api/track-search",
    headers: asMember(visitor.cookie),
    payload: { searchTerm: post.postName, action: "view", postId: post.id },
  });

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
    for (const name of ["Bo", "Cy", "Di"]) await view(t, await anonymousMember(t, name), post);
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
    await view(t, bo, post);
    await view(t, cy, post);
    clock.advance(MINUTE);
    await view(t, bo, post); // one visitor twice is still one visitor: two in the hour
    await releaseAt(t, clock, new Date("2026-03-02T10:00:00.000Z"));

    // Two visitors in the hour: nothing shows, and nothing changed for the owner.
    const afterHour = await ownerGet(t, ada, "/api/tagg-analytics");
    expect(afterHour.json()).toEqual([]);
    expect(afterHour.headers.etag).toBe(before.headers.etag);
    expect((await ownerGet(t, ada, "/api/unique-viewers")).json()).toMatchObject({ totalUnique: 0 });

    // A third, in the afternoon: its own hour holds one, and waits too.
    clock.advance(6 * HOUR);
    await view(t, await anonymousMember(t, "Di"), post);
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
    await view(t, await anonymousMember(t, "Bo"), post);
    clock.advance(2 * DAY);
    await view(t, await anonymousMember(t, "Cy"), post);
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

  it("keeps named activity live and exact beside it", async () => {
    const { t, ada, post } = await setup();
    const named = await registerMember(t, { firstName: "Ed", lastName: "Named" });
    await view(t, named, post);
    const list = (await ownerGet(t, ada, "/api/tagg-analytics")).json();
    expect(list).toMatchObject([{ visitorId: named.user.id, timeWindowMinutes: null }]);
  });
});
