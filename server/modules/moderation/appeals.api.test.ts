import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  adminAuditLog,
  moderationDecisions,
  moderationMonthly,
  postReportSettings,
  taggedPosts,
} from "#server/db/schema/index.ts";
import {
  asMember,
  createPost,
  enrolAuthenticatorApp,
  giveTagg,
  registerMember,
  registerTrustedReporter,
  registerVerifiedMember,
  signInAsAdmin,
  TEST_ADMIN_EMAIL,
} from "#server/test/factories.ts";
import { aModerationReason } from "#server/test/moderation-reasons.ts";
import { fingerprintAll } from "#server/test/reset-database.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

type Member = Awaited<ReturnType<typeof registerMember>>;
const SECOND_ADMIN_EMAIL = "second-admin@example.com";
const DAY = 24 * 60 * 60 * 1000;

/** Another administrator with an unlocked panel, as `signInAsAdmin` makes the first. */
async function signInAsSecondAdmin(t: TestApp) {
  const admin = await registerVerifiedMember(t, {
    email: SECOND_ADMIN_EMAIL,
    firstName: "Sol",
    lastName: "Second",
  });
  const app = await enrolAuthenticatorApp(t, admin);
  const response = await t.app.inject({
    method: "POST",
    url: "/api/admin/session",
    headers: asMember(admin.cookie),
    payload: { password: admin.input.password, code: await app.nextCode() },
  });
  return {
    ...admin,
    headers: { ...asMember(admin.cookie), "x-admin-session": response.json().sessionId as string },
  };
}

async function setup(options: { secondAdmin?: boolean } = {}) {
  const clock = manualClock(new Date(Date.now()));
  const t = await createTestApp({
    clock,
    config: {
      adminEmails: new Set([TEST_ADMIN_EMAIL, ...(options.secondAdmin ? [SECOND_ADMIN_EMAIL] : [])]),
    },
  });
  const admin = await signInAsAdmin(t);
  const second = options.secondAdmin ? await signInAsSecondAdmin(t) : undefined;
  const owner = await registerMember(t, { firstName: "Ottoline", lastName: "Ownerby" });
  await giveTagg(t, owner, "ottoline_o");
  return { t, clock, admin, second, owner };
}

const decisionsOf = async (t: TestApp, member: Member) =>
  (await t.app.inject({ url: "/api/moderation-decisions", headers: asMember(member.cookie) })).json();
const appeal = (t: TestApp, member: Member, decisionId: string, text: unknown) =>
  t.app.inject({
    method: "POST",
    url: `/api/moderation-decisions/${decisionId}/appeal`,
    headers: asMember(member.cookie),
    payload: { text },
  });
const decide = (t: TestApp, admin: { headers: Record<string, string> }, id: string, payload: object) =>
  t.app.inject({ method: "POST", url: `/api/admin/appeals/${id}`, headers: admin.headers, payload });
const openAppeals = async (t: TestApp, admin: { headers: Record<string, string> }) =>
  (await t.app.inject({ url: "/api/admin/appeals?status=open", headers: admin.headers })).json();
/** An administrator removes a post, with one of the panel's reasons. */
const removeAsAdmin = async (
  t: TestApp,
  admin: { headers: Record<string, string> },
  postId: string | undefined,
) =>
  t.app.inject({
    method: "DELETE",
    url: `/api/admin/tagged-posts/${postId}`,
    headers: admin.headers,
    payload: (await aModerationReason(t)).body,
  });
const publicSearch = async (t: TestApp, term: string) =>
  (await t.app.inject({ url: `/api/public/tagged-posts?search=${encodeURIComponent(term)}` })).json() as {
    id: string;
  }[];

describe("statements of reasons", () => {
  it("gives the member every decision about them with its reason, rule, words, decider kind and window", async () => {
    const { t, admin, owner } = await setup();
    const post = await createPost(t, owner, "Copied Skyline");
    const reason = await aModerationReason(t, "The photographer asked us to take it down.");
    const hide = await t.app.inject({
      method: "POST",
      url: `/api/admin/tagged-posts/${post.id}/hide`,
      headers: admin.headers,
      payload: reason.body,
    });
    expect(hide.statusCode).toBe(200);
    expect(await publicSearch(t, "Copied Skyline")).toEqual([]);
    const [decision] = await decisionsOf(t, owner);
    expect(decision).toEqual({
      id: expect.any(String),
      kind: "post_hidden",
      subject: { postName: "Copied Skyline" },
      reason: { label: reason.label, rule: reason.rule, text: "The photographer asked us to take it down." },
      automatic: false,
      decidedAt: expect.any(String),
      appealableUntil: expect.any(String),
      liftedAt: null,
      appeal: null,
    });
    const window = new Date(decision.appealableUntil).getTime() - new Date(decision.decidedAt).getTime();
    expect(window).toBeGreaterThanOrEqual(181 * DAY);
    expect(window).toBeLessThanOrEqual(184 * DAY);
    // The e-mail states the same, and links to the appeal.
    // The outbox holds the e-mails as sent: quoted-printable, with soft line breaks.
    const [mail] = (await t.outbox())
      .map((message) => message.replace(/=\r?\n/g, "").replaceAll("=3D", "="))
      .filter((message) => message.includes("moderation decision"));
    expect(mail).toContain(reason.label);
    expect(mail).toContain("The photographer asked us to take it down.");
    expect(mail).toContain(`/moderation-decisions#decision-${decision.id}`);
    // Hiding what is already hidden is refused and changes nothing.
    const before = await fingerprintAll(t.db);
    const again = await t.app.inject({
      method: "POST",
      url: `/api/admin/tagged-posts/${post.id}/hide`,
      headers: admin.headers,
      payload: reason.body,
    });
    expect(again.statusCode).toBe(409);
    expect(await fingerprintAll(t.db)).toEqual(before);
  });
});

describe("appeals", () => {
  it("refuses a bad appeal with a clear 4xx and stores nothing: someone else's, empty, too long, twice, too late", async () => {
    const { t, clock, admin, owner } = await setup();
    const stranger = await registerMember(t, { firstName: "Stan" });
    const post = await createPost(t, owner, "Appealed Later");
    await removeAsAdmin(t, admin, post.id);
    const [decision] = await decisionsOf(t, owner);

    const before = await fingerprintAll(t.db);
    const notTheirs = await appeal(t, stranger, decision.id, "Let me in");
    expect(notTheirs.statusCode).toBe(404);
    for (const text of ["", "   ", "x".repeat(1001), 42]) {
      const res = await appeal(t, owner, decision.id, text);
      expect(res.statusCode, String(text).slice(0, 10)).toBe(400);
      expect(res.json().fields).toEqual({ text: expect.any(String) });
    }
    expect(await fingerprintAll(t.db)).toEqual(before);

    const first = await appeal(t, owner, decision.id, "x".repeat(1000));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: "open", decidedAt: null, outcomeText: null });
    const second = await appeal(t, owner, decision.id, "And again");
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("appeal_exists");

    // A later decision, appealed after its six months, is refused.
    const late = await createPost(t, owner, "Appealed Too Late");
    await removeAsAdmin(t, admin, late.id);
    const lateDecision = (await decisionsOf(t, owner)).find(
      (d: { subject: { postName?: string } }) => d.subject.postName === "Appealed Too Late",
    );
    // Its window closes (the member's session would have ended by then, so the window is moved, not the clock).
    await t.db
      .update(moderationDecisions)
      .set({ appealableUntil: new Date(clock.now().getTime() - 1) })
      .where(eq(moderationDecisions.id, lateDecision.id));
    const tooLate = await appeal(t, owner, lateDecision.id, "Please look again");
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().code).toBe("appeal_closed");
  });

  it("is decided by the other administrator; a reversal gives the removed post back as its owner had it", async () => {
    const { t, clock, admin, second, owner } = await setup({ secondAdmin: true });
    if (!second) throw new Error("no second administrator");
    const post = await createPost(t, owner, "Harbour At Dawn", { hidePersonalInfo: true });
    await removeAsAdmin(t, admin, post.id);
    const [decision] = await decisionsOf(t, owner);
    const filed = await appeal(t, owner, decision.id, "This is my own photo; here is the original.");
    expect(filed.statusCode).toBe(201);

    // The panel says who may decide it: not the administrator who removed it.
    const [asFirst] = (await openAppeals(t, admin)).items;
    expect(asFirst).toMatchObject({
      id: filed.json().id,
      mayDecide: false,
      decidableBy: expect.stringContaining("other than"),
      member: { id: owner.user.id, tagg: "ottoline_o" },
      decision: { kind: "post_removed", decidedBy: { id: admin.user.id } },
    });
    expect((await openAppeals(t, second)).items[0]).toMatchObject({ mayDecide: true });
    for (const cursor of ["not-a-cursor", Buffer.from("2026-01-01T00:00:00.000Z|x").toString("base64url")]) {
      const tampered = await t.app.inject({
        url: `/api/admin/appeals?cursor=${cursor}`,
        headers: admin.headers,
      });
      expect(tampered.statusCode).toBe(400);
      expect(tampered.json().fields).toEqual({ cursor: "Invalid cursor" });
    }
    const before = await fingerprintAll(t.db);
    const own = await decide(t, admin, asFirst.id, { outcome: "reversed", text: "Mine to undo" });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe("own_decision");
    expect(await fingerprintAll(t.db)).toEqual(before);

    clock.advance(60_000);
    const reversed = await decide(t, second, asFirst.id, {
      outcome: "reversed",
      text: "You showed the original file: the post is yours.",
    });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json()).toMatchObject({ status: "reversed", decidedBy: { id: second.user.id } });
    const [restored] = await t.db.select().from(taggedPosts).where(eq(taggedPosts.id, post.id));
    expect(restored).toMatchObject({
      removedAt: null,
      heldForReview: false,
      hidePersonalInfo: true,
      isVisible: true,
    });
    expect((await publicSearch(t, "Harbour At Dawn")).map((p) => p.id)).toEqual([post.id]);
    const ownList = await t.app.inject({ url: "/api/tagged-posts", headers: asMember(owner.cookie) });
    expect(ownList.json().map((p: { id: string }) => p.id)).toEqual([post.id]);

    // The member hears the outcome in-app and by e-mail; the decision shows the appeal's words.
    const [latest] = (await t.app.inject({ url: "/api/notices", headers: asMember(owner.cookie) })).json();
    expect(latest).toMatchObject({ kind: "appeal_decided", decisionId: decision.id });
    expect(latest.text).toContain("was reversed");
    expect(
      (await t.outbox()).some((mail) => mail.replace(/=\r?\n/g, "").includes("You showed the original file")),
    ).toBe(true);
    expect((await decisionsOf(t, owner))[0]).toMatchObject({
      liftedAt: expect.any(String),
      appeal: { status: "reversed", outcomeText: "You showed the original file: the post is yours." },
    });
    // Decided once.
    const twice = await decide(t, second, asFirst.id, { outcome: "upheld", text: "On second thoughts" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("appeal_decided");
    // Every step is in the audit log.
    const actions = (await t.db.select().from(adminAuditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["post.remove", "appeal.create", "appeal.decide"]));
  });

  it("a hold the reports' threshold took, reversed on appeal: shown again, the owner told once, the reporters told", async () => {
    const { t, clock, second, owner } = await setup({ secondAdmin: true });
    if (!second) throw new Error("no second administrator");
    const post = await createPost(t, owner, "Brigaded Sunset");
    const reporters: Member[] = [];
    for (let i = 0; i < 10; i++) reporters.push(await registerTrustedReporter(t, { firstName: `Rep${i}` }));
    await t.db
      .update(postReportSettings)
      .set({ autoDeleteEnabled: true, autoDeleteThreshold: 10, autoAction: "hide" });
    for (const reporter of reporters)
      await t.app.inject({
        method: "POST",
        url: `/api/tagged-posts/${post.id}/report`,
        headers: asMember(reporter.cookie),
      });
    expect(await publicSearch(t, "Brigaded Sunset")).toEqual([]);
    const [decision] = await decisionsOf(t, owner);
    expect(decision).toMatchObject({
      kind: "post_hidden",
      automatic: true,
      reason: {
        label: "Reported by members",
        rule: null,
        text: expect.stringContaining("10 members' reports"),
      },
    });
    const filed = (await appeal(t, owner, decision.id, "A group reported this to hurt me.")).json();
    // Nobody took an automatic decision: any administrator may decide it.
    expect((await openAppeals(t, second)).items[0]).toMatchObject({
      mayDecide: true,
      decidableBy: "Any administrator",
    });

    clock.advance(60_000);
    const reversed = await decide(t, second, filed.id, {
      outcome: "reversed",
      text: "The reports were not about a rule.",
    });
    expect(reversed.statusCode).toBe(200);
    expect((await publicSearch(t, "Brigaded Sunset")).map((p) => p.id)).toEqual([post.id]);
    const notices = (await t.app.inject({ url: "/api/notices", headers: asMember(owner.cookie) })).json();
    expect(notices.map((n: { kind: string }) => n.kind)).toEqual(["appeal_decided"]);
    for (const reporter of reporters.slice(0, 2)) {
      const theirs = (await t.app.inject({ url: "/api/notices", headers: asMember(reporter.cookie) })).json();
      expect(theirs).toEqual([
        expect.objectContaining({
          kind: "report_outcome",
          text: expect.stringContaining("no rule was broken"),
        }),
      ]);
      expect(JSON.stringify(theirs)).not.toContain("ottoline_o");
    }
  });

  it("an appeal against a hold is settled when the hold ends another way: reversed by a dismissal, upheld by a removal", async () => {
    const { t, admin, owner } = await setup();
    const reason = await aModerationReason(t);
    const dismissed = await createPost(t, owner, "Dismissed Later");
    const removed = await createPost(t, owner, "Removed Later");
    for (const post of [dismissed, removed])
      await t.app.inject({
        method: "POST",
        url: `/api/admin/tagged-posts/${post.id}/hide`,
        headers: admin.headers,
        payload: reason.body,
      });
    const holdOf = async (postName: string) =>
      (await decisionsOf(t, owner)).find(
        (d: { kind: string; subject: { postName?: string } }) =>
          d.kind === "post_hidden" && d.subject.postName === postName,
      );
    for (const postName of ["Dismissed Later", "Removed Later"])
      expect((await appeal(t, owner, (await holdOf(postName)).id, "Please look again")).statusCode).toBe(201);

    await t.app.inject({
      method: "POST",
      url: `/api/admin/reported-posts/${dismissed.id}/dismiss`,
      headers: admin.headers,
    });
    await t.app.inject({
      method: "DELETE",
      url: `/api/admin/tagged-posts/${removed.id}`,
      headers: admin.headers,
      payload: reason.body,
    });
    expect((await holdOf("Dismissed Later")).appeal).toMatchObject({ status: "reversed" });
    expect((await holdOf("Removed Later")).appeal).toMatchObject({ status: "upheld" });
    expect((await holdOf("Removed Later")).liftedAt).toEqual(expect.any(String));
    // The removal is a decision of its own, open to appeal; nothing waits in the queue.
    expect((await openAppeals(t, admin)).items).toEqual([]);
    // Counted as kept (the page shows them only from 10): two appeals, one reversal.
    expect(await t.db.select().from(moderationMonthly)).toEqual([
      expect.objectContaining({ appeals: 2, reversed: 1, hiddenByAdmin: 2, removed: 1 }),
    ]);
  });

  it("an upheld removal deletes the post for good; a reversed tagg removal registers the tagg again while free", async () => {
    const { t, second, admin, owner } = await setup({ secondAdmin: true });
    if (!second) throw new Error("no second administrator");
    const post = await createPost(t, owner, "Really Spam");
    await removeAsAdmin(t, admin, post.id);
    const taggs = (await t.app.inject({ url: "/api/admin/taggs", headers: admin.headers })).json().items;
    await t.app.inject({
      method: "DELETE",
      url: `/api/admin/tagg/${taggs[0].id}`,
      headers: admin.headers,
      payload: (await aModerationReason(t)).body,
    });
    const decisions = await decisionsOf(t, owner);
    const removal = decisions.find((d: { kind: string }) => d.kind === "post_removed");
    const taggRemoval = decisions.find((d: { kind: string }) => d.kind === "tagg_removed");
    expect(taggRemoval.subject).toEqual({ tagg: "ottoline_o" });

    const postAppeal = (await appeal(t, owner, removal.id, "It is not spam")).json();
    const taggAppeal = (await appeal(t, owner, taggRemoval.id, "It is my name")).json();
    expect(
      (await decide(t, second, postAppeal.id, { outcome: "upheld", text: "It is spam." })).statusCode,
    ).toBe(200);
    expect(await t.db.select().from(taggedPosts).where(eq(taggedPosts.id, post.id))).toEqual([]);
    expect(
      (await decide(t, second, taggAppeal.id, { outcome: "reversed", text: "Yours again." })).statusCode,
    ).toBe(200);
    const profile = (await t.app.inject({ url: "/api/profile", headers: asMember(owner.cookie) })).json();
    expect(profile.tagg).toBe("ottoline_o");
  });
});

describe("the end of a removal's window", () => {
  it("deletes a removed post for good once nobody may appeal it, and never one whose appeal is open", async () => {
    const { t, clock, admin, owner } = await setup();
    const quiet = await createPost(t, owner, "Never Appealed");
    const appealed = await createPost(t, owner, "Still Appealed");
    for (const post of [quiet, appealed]) await removeAsAdmin(t, admin, post.id);
    const decisions = await decisionsOf(t, owner);
    const appealedDecision = decisions.find(
      (d: { subject: { postName?: string } }) => d.subject.postName === "Still Appealed",
    );
    expect((await appeal(t, owner, appealedDecision.id, "Please look again")).statusCode).toBe(201);
    await t.app.jobs.run("purge-appeal-expired-removals");
    expect(await t.db.select().from(taggedPosts)).toHaveLength(2);

    await t.db.update(moderationDecisions).set({ appealableUntil: new Date(clock.now().getTime() - 1) });
    await t.app.jobs.run("purge-appeal-expired-removals");
    const left = await t.db.select().from(taggedPosts);
    expect(left.map((post) => post.postName)).toEqual(["Still Appealed"]);
    // The statement stays with the member after the post is gone.
    expect((await decisionsOf(t, owner)).map((d: { subject: unknown }) => d.subject)).toEqual(
      expect.arrayContaining([{ postName: "Never Appealed" }, { postName: "Still Appealed" }]),
    );
  });
});

describe("the transparency figures", () => {
  it("match the audit log and the reports of the month, and publish any figure under 10 as <10", async () => {
    const { t, admin, owner } = await setup();
    const reporters: Member[] = [];
    for (let i = 0; i < 10; i++) reporters.push(await registerTrustedReporter(t, { firstName: `Rep${i}` }));
    await t.db
      .update(postReportSettings)
      .set({ autoDeleteEnabled: true, autoDeleteThreshold: 10, autoAction: "hide" });
    const posts = [];
    for (let i = 0; i < 2; i++) posts.push(await createPost(t, owner, `Month Post ${i}`));
    for (const post of posts)
      for (const reporter of reporters)
        await t.app.inject({
          method: "POST",
          url: `/api/tagged-posts/${post.id}/report`,
          headers: asMember(reporter.cookie),
        });
    await removeAsAdmin(t, admin, posts[0]?.id);

    const answer = await t.app.inject({ url: "/api/transparency" });
    expect(answer.statusCode).toBe(200);
    const [month] = answer.json().months;
    const log = await t.db.select().from(adminAuditLog);
    const hiddenAutomatically = log.filter(
      (row) => row.action === "post.hide" && row.actorId === null,
    ).length;
    const removed = log.filter((row) => row.action === "post.remove").length;
    expect(hiddenAutomatically).toBe(2);
    expect(removed).toBe(1);
    expect(month).toEqual({
      month: new Date().toISOString().slice(0, 7),
      reportsReceived: 20,
      reportsCounted: 20,
      hiddenAutomatically: "<10",
      hiddenByAdmin: "<10",
      removed: "<10",
      appeals: "<10",
      reversed: "<10",
      medianHoursToDecide: null,
    });
    // Nothing in the answer names a member or a post.
    for (const text of [owner.user.id, "Month Post", "ottoline_o"]) expect(answer.body).not.toContain(text);
  });
});
