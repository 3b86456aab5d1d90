import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminReportedPost } from "#contract/api/admin-moderation.ts";
import { REPORT_BURST } from "#contract/limits.ts";
import { postReportSettings } from "#server/db/schema/index.ts";
import {
  asMember,
  createPost,
  registerMember,
  registerVerifiedMember,
  SAME_ORIGIN,
  setAccountCreatedAt,
  signInAsAdmin,
  TEST_ADMIN_EMAIL,
  verifyEmail,
} from "#server/test/factories.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Member = Awaited<ReturnType<typeof registerMember>>;
type Admin = Awaited<ReturnType<typeof signInAsAdmin>>;

/** An app on a clock the test moves, an administrator, and the owner of the reported posts. */
async function setup() {
  const clock = manualClock();
  const t = await createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) }, clock });
  const admin = await signInAsAdmin(t);
  const owner = await registerMember(t, { firstName: "Olga", lastName: "Owner" });
  /** A member whose account was created `ago` before now on the app's clock; verified unless said otherwise. */
  const reporter = async (ago: number, { verified = true } = {}) => {
    const member = verified ? await registerVerifiedMember(t) : await registerMember(t);
    await setAccountCreatedAt(t, member, new Date(clock.now().getTime() - ago));
    return member;
  };
  return { t, clock, admin, owner, reporter };
}

const report = (t: TestApp, member: Member, postId: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/tagged-posts/${postId}/report`,
    headers: asMember(member.cookie),
  });
const enableAutoAction = (t: TestApp, threshold: number) =>
  t.db
    .update(postReportSettings)
    .set({ autoDeleteEnabled: true, autoDeleteThreshold: threshold, autoAction: "hide" })
    .where(eq(postReportSettings.id, 1));
const publicSearch = async (t: TestApp, term: string) =>
  (
    (
      await t.app.inject({
        url: `/api/public/tagged-posts?search=${encodeURIComponent(term)}`,
        headers: SAME_ORIGIN,
      })
    ).json() as { id: string }[]
  ).map((post) => post.id);
const queue = async (t: TestApp, admin: Admin, params = "") =>
  (await t.app.inject({ url: `/api/admin/reported-posts${params}`, headers: admin.headers })).json() as {
    items: AdminReportedPost[];
    total: number;
    nextCursor: string | null;
  };

describe("reports that count toward the automatic action", () => {
  it("counts only verified members whose accounts were at least 24 hours old; the others are kept and shown", async () => {
    const { t, admin, owner, reporter } = await setup();
    const post = await createPost(t, owner, "Brigade Target");
    await enableAutoAction(t, 2);
    const newAccounts = [await reporter(1 * HOUR), await reporter(23 * HOUR), await reporter(23 * HOUR)];
    const unverified = [
      await reporter(30 * DAY, { verified: false }),
      await reporter(2 * DAY, { verified: false }),
    ];
    for (const member of [...newAccounts, ...unverified]) {
      expect((await report(t, member, post.id)).json()).toEqual({ reported: true, removed: false });
    }
    // Five reports, past the threshold of two, and none of them counts: the post still shows.
    expect(await t.app.jobs.run("report-auto-action")).toEqual({ hidden: 0, deleted: 0 });
    expect(await publicSearch(t, "Brigade Target")).toEqual([post.id]);
    expect((await queue(t, admin)).items).toEqual([
      expect.objectContaining({ postId: post.id, reportCount: 5, countedReports: 0, isVisible: true }),
    ]);

    // A verified account exactly 24 hours old counts; the second counted report reaches the threshold.
    const trusted = [await reporter(24 * HOUR), await reporter(40 * DAY)];
    expect((await report(t, trusted[0] as Member, post.id)).json()).toEqual({
      reported: true,
      removed: false,
    });
    expect((await report(t, trusted[1] as Member, post.id)).json()).toEqual({
      reported: true,
      removed: true,
    });
    expect(await publicSearch(t, "Brigade Target")).toEqual([]);
    expect((await queue(t, admin)).items).toEqual([
      expect.objectContaining({ postId: post.id, reportCount: 7, countedReports: 2, isVisible: false }),
    ]);
  });

  it("never starts counting a report later, when its account has aged or its address is verified", async () => {
    const { t, clock, owner, reporter } = await setup();
    const post = await createPost(t, owner, "Patient Brigade");
    await enableAutoAction(t, 2);
    const unverified = await reporter(3 * DAY, { verified: false });
    const reporters = [await reporter(1 * HOUR), await reporter(2 * HOUR), unverified];
    for (const member of reporters) await report(t, member, post.id);
    await verifyEmail(t, unverified.input.email);
    clock.advance(2 * DAY);
    expect(await t.app.jobs.run("report-auto-action")).toEqual({ hidden: 0, deleted: 0 });
    expect(await publicSearch(t, "Patient Brigade")).toEqual([post.id]);
  });
});

describe("the report queue", () => {
  it('answers "counted of total" and lists the most counted reports first, then the latest reported, paged', async () => {
    const { t, clock, admin, owner, reporter } = await setup();
    const manyNew = await createPost(t, owner, "Many New Reports");
    const twoCounted = await createPost(t, owner, "Two Counted");
    const oneCounted = await createPost(t, owner, "One Counted");
    const trusted = [await reporter(30 * DAY), await reporter(30 * DAY)];
    // New accounts two hours apart: not a burst.
    const fresh = [await reporter(1 * HOUR), await reporter(3 * HOUR), await reporter(5 * HOUR)];
    const reports: [Member[], string][] = [
      [trusted, twoCounted.id],
      [trusted.slice(0, 1), oneCounted.id],
      [fresh, manyNew.id],
    ];
    for (const [members, postId] of reports) {
      for (const member of members) {
        clock.advance(MINUTE);
        expect((await report(t, member, postId)).statusCode).toBe(201);
      }
    }

    const all = await queue(t, admin);
    expect(
      all.items.map((item) => [item.postName, item.countedReports, item.reportCount, item.burst]),
    ).toEqual([
      ["Two Counted", 2, 2, null],
      ["One Counted", 1, 1, null],
      ["Many New Reports", 0, 3, null],
    ]);

    const ids: string[] = [];
    let page = await queue(t, admin, "?limit=1");
    ids.push(...page.items.map((item) => item.postId));
    while (page.nextCursor) {
      page = await queue(t, admin, `?limit=1&cursor=${encodeURIComponent(page.nextCursor)}`);
      expect(page.total).toBe(3);
      ids.push(...page.items.map((item) => item.postId));
    }
    expect(ids).toEqual([twoCounted.id, oneCounted.id, manyNew.id]);
    expect((await queue(t, admin, "?search=one%20counted")).items.map((item) => item.postId)).toEqual([
      oneCounted.id,
    ]);
    // A cursor of a list ordered by time alone is not one of this list.
    const timeOnly = Buffer.from(JSON.stringify({ at: new Date().toISOString(), id: manyNew.id })).toString(
      "base64url",
    );
    const refused = await t.app.inject({
      url: `/api/admin/reported-posts?cursor=${timeOnly}`,
      headers: admin.headers,
    });
    expect(refused.statusCode).toBe(400);
  });

  it(`flags a burst: ${REPORT_BURST.minAccounts} or more reporters' accounts created within ${REPORT_BURST.windowMinutes} minutes of each other, each under ${REPORT_BURST.newAccountDays} days old when it reported`, async () => {
    const { t, admin, owner, reporter } = await setup();
    /** Accounts created two days ago, `minutes` apart: new, but old enough that their reports count. */
    const createdAt = async (...minutes: number[]) => {
      const members: Member[] = [];
      for (const m of minutes) members.push(await reporter(2 * DAY - m * MINUTE));
      return members;
    };
    const posts = {
      burst: await createPost(t, owner, "Burst"),
      edge: await createPost(t, owner, "Exactly An Hour"),
      pastAnHour: await createPost(t, owner, "Past An Hour"),
      two: await createPost(t, owner, "Only Two"),
      oldFriends: await createPost(t, owner, "Old Friends"),
    };
    const reportersOf = {
      // Six within 50 minutes, and one long-standing member beside them.
      burst: [...(await createdAt(0, 5, 10, 20, 40, 50)), await reporter(300 * DAY)],
      // The first and the last exactly 60 minutes apart: the window includes its end.
      edge: await createdAt(0, 30, 60),
      // The first and the last 61 minutes apart: any two within an hour, never three.
      pastAnHour: await createdAt(0, 30, 61),
      two: await createdAt(0, 1),
      // Created within ten minutes, but 30 days before they reported.
      oldFriends: [
        await reporter(30 * DAY),
        await reporter(30 * DAY - 5 * MINUTE),
        await reporter(30 * DAY - 10 * MINUTE),
      ],
    };
    for (const key of Object.keys(posts) as (keyof typeof posts)[]) {
      for (const member of reportersOf[key])
        expect((await report(t, member, posts[key].id)).statusCode).toBe(201);
    }

    const items = (await queue(t, admin)).items;
    const burstOf = (post: { id: string }) => items.find((item) => item.postId === post.id)?.burst;
    expect(burstOf(posts.burst)).toEqual({ accounts: 6 });
    expect(burstOf(posts.edge)).toEqual({ accounts: 3 });
    expect(burstOf(posts.pastAnHour)).toBeNull();
    expect(burstOf(posts.two)).toBeNull();
    expect(burstOf(posts.oldFriends)).toBeNull();
    // The flag is for the administrator to look closer: reports of accounts old enough still count.
    expect(items.find((item) => item.postId === posts.burst.id)).toMatchObject({
      reportCount: 7,
      countedReports: 7,
    });
  });
});
