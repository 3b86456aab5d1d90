import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postReportSettings } from "#server/db/schema/index.ts";
import {
  asMember,
  blockMember,
  createPost,
  giveTagg,
  registerMember,
  registerTrustedReporter,
  signInAsAdmin,
  TEST_ADMIN_EMAIL,
} from "#server/test/factories.ts";
import { aModerationReason } from "#server/test/moderation-reasons.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

type Member = Awaited<ReturnType<typeof registerMember>>;

const report = (t: TestApp, member: Member, postId: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/tagged-posts/${postId}/report`,
    headers: asMember(member.cookie),
  });
const noticesOf = async (t: TestApp, member: Member) =>
  (await t.app.inject({ url: "/api/notices", headers: asMember(member.cookie) })).json() as {
    kind: string;
    postName: string | null;
    text: string;
  }[];

/**
 * An owner whose post hides who posted it, two reporters whose reports count (verified, long-standing) and one
 * whose report does not (a new, unverified account), each having reported the post once.
 */
async function reportedPost() {
  const t = await createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });
  const admin = await signInAsAdmin(t);
  const owner = await registerMember(t, { firstName: "Ottoline", lastName: "Ownerby" });
  await giveTagg(t, owner, "ottoline_o");
  const post = await createPost(t, owner, "Reported Harbour Photo", { hidePersonalInfo: true });
  const counted = [
    await registerTrustedReporter(t, { firstName: "Rhea" }),
    await registerTrustedReporter(t, { firstName: "Ravi" }),
  ];
  const uncounted = await registerMember(t, { firstName: "Nina" });
  for (const reporter of [...counted, uncounted])
    expect((await report(t, reporter, post.id)).statusCode).toBe(201);
  // A second report by the same member is refused: one report per member and post, so one outcome each.
  expect((await report(t, counted[0] as Member, post.id)).statusCode).toBe(409);
  return { t, admin, owner, post, counted, uncounted };
}

/** Whatever a notice could name the owner by. */
const ownerNames = (owner: Member) => [
  owner.user.id,
  owner.input.firstName,
  owner.input.lastName,
  "ottoline_o",
];

describe("reporters hear the outcome", () => {
  it("once each, when an administrator removes the post: the post by its name, never its owner", async () => {
    const { t, admin, owner, post, counted, uncounted } = await reportedPost();
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/tagged-posts/${post.id}`,
      headers: admin.headers,
      payload: (await aModerationReason(t)).body,
    });
    expect(removed.statusCode).toBe(200);
    for (const reporter of counted) {
      const notices = await noticesOf(t, reporter);
      expect(notices).toEqual([
        expect.objectContaining({
          kind: "report_outcome",
          postName: "Reported Harbour Photo",
          text: 'A post you reported, "Reported Harbour Photo", was removed by an administrator. Thank you for reporting it.',
        }),
      ]);
      for (const name of ownerNames(owner)) expect(JSON.stringify(notices)).not.toContain(name);
    }
    // A report that did not count toward the action hears nothing; the owner hears of the removal only.
    expect(await noticesOf(t, uncounted)).toEqual([]);
    expect((await noticesOf(t, owner)).map((n) => n.kind)).toEqual(["decision"]);
  });

  it("when the reports are dismissed: no rule was broken", async () => {
    const { t, admin, post, counted, uncounted } = await reportedPost();
    const dismissed = await t.app.inject({
      method: "POST",
      url: `/api/admin/reported-posts/${post.id}/dismiss`,
      headers: admin.headers,
    });
    expect(dismissed.statusCode).toBe(200);
    for (const reporter of counted) {
      expect(await noticesOf(t, reporter)).toEqual([
        expect.objectContaining({
          kind: "report_outcome",
          postName: "Reported Harbour Photo",
          text: 'A post you reported, "Reported Harbour Photo", was reviewed: no rule was broken, so it stays.',
        }),
      ]);
    }
    expect(await noticesOf(t, uncounted)).toEqual([]);
  });

  it("when the reports remove the post on their own, and never to a reporter the owner has since blocked", async () => {
    const { t, owner, counted } = await reportedPost();
    const [rhea, ravi] = counted as [Member, Member];
    expect((await blockMember(t, owner, ravi)).statusCode).toBe(201);
    await t.db
      .update(postReportSettings)
      .set({ autoDeleteEnabled: true, autoDeleteThreshold: 2, autoAction: "delete" })
      .where(eq(postReportSettings.id, 1));
    expect(await t.app.jobs.run("report-auto-action")).toEqual({ hidden: 0, deleted: 1 });
    expect((await noticesOf(t, rhea)).map((n) => [n.kind, n.postName])).toEqual([
      ["report_outcome", "Reported Harbour Photo"],
    ]);
    expect(await noticesOf(t, ravi)).toEqual([]);
  });
});
