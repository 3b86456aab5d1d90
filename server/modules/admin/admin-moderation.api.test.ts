import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REPORT_SETTINGS_MESSAGES } from "#contract/api/admin-moderation.ts";
import { postReportSettings, profiles, taggedPosts } from "#server/db/schema/index.ts";
import { transactOn } from "#server/db/transaction.ts";
import { systemClock } from "#server/lib/clock.ts";
import { createEventBus } from "#server/lib/event-bus.ts";
import { createModerationService } from "#server/modules/moderation/moderation.service.ts";
import { createNoticesRepository } from "#server/modules/notices/notices.repository.ts";
import { createNoticesService } from "#server/modules/notices/notices.service.ts";
import { createPostsRepositories } from "#server/modules/posts/posts.repository.ts";
import { createPostsService } from "#server/modules/posts/posts.service.ts";
import { createSettingsRepository } from "#server/modules/settings/settings.repository.ts";
import { createSettingsService } from "#server/modules/settings/settings.service.ts";
import {
  asMember,
  createPost,
  giveTagg,
  registerMember,
  registerTrustedReporter,
  SAME_ORIGIN,
  signInAsAdmin,
  TEST_ADMIN_EMAIL,
} from "#server/test/factories.ts";
import { aModerationReason } from "#server/test/moderation-reasons.ts";
import { fingerprintAll } from "#server/test/reset-database.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";
import { createAdminModerationService } from "./admin-moderation.service.ts";
import { createAuditRepository } from "./audit.repository.ts";

const adminApp = () => createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

type Admin = Awaited<ReturnType<typeof signInAsAdmin>>;
type Member = Awaited<ReturnType<typeof registerMember>>;

const get = (t: TestApp, admin: Admin, url: string) => t.app.inject({ url, headers: admin.headers });
const auditLog = async (t: TestApp, admin: Admin) =>
  (await get(t, admin, "/api/admin/audit-log?limit=200")).json().items as {
    action: string;
    actor: { id: string | null };
    targetId: string;
    summary: unknown;
  }[];
const report = (t: TestApp, member: Member, postId: string, payload?: unknown) =>
  t.app.inject({
    method: "POST",
    url: `/api/tagged-posts/${postId}/report`,
    headers: asMember(member.cookie),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const noticesOf = async (t: TestApp, member: Member) =>
  (await t.app.inject({ url: "/api/notices", headers: asMember(member.cookie) })).json();
const publicSearch = async (t: TestApp, term: string) =>
  (
    await t.app.inject({
      url: `/api/public/tagged-posts?search=${encodeURIComponent(term)}`,
      headers: SAME_ORIGIN,
    })
  ).json() as { id: string }[];
const enableAutoAction = (t: TestApp, autoAction: "hide" | "delete", threshold = 2) =>
  t.db
    .update(postReportSettings)
    .set({ autoDeleteEnabled: true, autoDeleteThreshold: threshold, autoAction })
    .where(eq(postReportSettings.id, 1));

/** Everything an answer could leak a reporter through: their id, e-mail and names. */
const identitiesOf = (members: Member[]) =>
  members.flatMap((m) => [m.user.id, m.input.email, m.input.firstName, m.input.lastName]);

async function setup() {
  const t = await adminApp();
  const admin = await signInAsAdmin(t);
  const owner = await registerMember(t, { firstName: "Olga", lastName: "Owner" });
  await giveTagg(t, owner, "olga_o");
  // Verified members with long-standing accounts: their reports count toward the auto-action (decision 049).
  const reporters = [
    await registerTrustedReporter(t, { firstName: "Rita", lastName: "Reporterson" }),
    await registerTrustedReporter(t, { firstName: "Rolf", lastName: "Reportwell" }),
  ];
  return { t, admin, owner, reporters };
}

describe("the admin Tagged posts section", () => {
  it("lists posts with owner, images and report count, searched by id, tagg, name or date, paged", async () => {
    const { t, admin, owner, reporters } = await setup();
    const sunset = await createPost(t, owner, "Sunset Walk", { scrambleImage: true, hidePersonalInfo: true });
    const harbour = await createPost(t, owner, "Harbour");
    await report(t, reporters[0] as Member, sunset.id, { reason: "spam" });

    const all = (await get(t, admin, "/api/admin/tagged-posts")).json();
    expect(all.total).toBe(2);
    expect(all.items[0]).toEqual({
      id: harbour.id,
      userTagg: "olga_o",
      userEmail: owner.input.email,
      postName: "Harbour",
      originalImage: expect.stringMatching(/^\/uploads\//),
      scrambledImage: expect.stringMatching(/^\/uploads\//),
      scrambleImage: false,
      hidePersonalInfo: false,
      isVisible: true,
      reportCount: 0,
      createdAt: expect.any(String),
    });
    expect(all.items[1]).toMatchObject({ id: sunset.id, scrambleImage: true, reportCount: 1 });

    const search = async (term: string) =>
      (await get(t, admin, `/api/admin/tagged-posts?search=${encodeURIComponent(term)}`)).json();
    expect((await search(sunset.id)).items.map((p: { id: string }) => p.id)).toEqual([sunset.id]);
    expect((await search(sunset.id.slice(0, 8))).items.map((p: { id: string }) => p.id)).toEqual([sunset.id]);
    expect((await search("OLGA_")).total).toBe(2);
    expect((await search("sunset")).items.map((p: { id: string }) => p.id)).toEqual([sunset.id]);
    const today = (all.items[0].createdAt as string).slice(0, 10);
    expect((await search(today)).total).toBe(2);
    expect((await search(today.slice(0, 7))).total).toBe(2);
    expect((await search(today.slice(0, 4))).total).toBe(2);
    expect((await search(today.slice(5))).total).toBe(2);
    expect((await search(`${today.slice(0, 4)}-13`)).total).toBe(0);
    // An id matches from its start (as pasted); a piece from its middle does not.
    expect(
      (await search(sunset.id.slice(0, 13).toUpperCase())).items.map((p: { id: string }) => p.id),
    ).toEqual([sunset.id]);
    expect((await search(sunset.id.slice(9, 23))).total).toBe(0);
    expect((await search("1999-01-01")).total).toBe(0);
    const notAnId = await search("not-a-uuid%_'");
    expect(notAnId.total).toBe(0);

    const first = (await get(t, admin, "/api/admin/tagged-posts?limit=1")).json();
    expect(first.items.map((p: { id: string }) => p.id)).toEqual([harbour.id]);
    const second = (
      await get(t, admin, `/api/admin/tagged-posts?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second).toMatchObject({ total: 2, nextCursor: null });
    expect(second.items.map((p: { id: string }) => p.id)).toEqual([sunset.id]);
    expect((await get(t, admin, "/api/admin/tagged-posts?limit=0")).statusCode).toBe(400);
    expect((await get(t, admin, "/api/admin/tagged-posts?cursor=garbage")).statusCode).toBe(400);
  });

  it("serves the original of a scrambled post to the admin session (the URL the panel fetches), not to a stranger", async () => {
    const { t, admin, owner } = await setup();
    const post = await createPost(t, owner, "Secret", { scrambleImage: true });
    const item = (await get(t, admin, "/api/admin/tagged-posts")).json().items[0];
    const asAdmin = await t.app.inject({ url: item.originalImage, headers: admin.headers });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers["cache-control"]).toMatch(/private/);
    const withoutAdminSession = await t.app.inject({
      url: item.originalImage,
      headers: asMember(admin.cookie),
    });
    const original = asAdmin.rawPayload;
    expect(withoutAdminSession.rawPayload.equals(original)).toBe(false);
    expect(post.originalImage).toBe(item.originalImage);
  });

  it("removes a post only with a reason: out of every list, kept for its appeal, audited, the owner told why", async () => {
    const { t, admin, owner } = await setup();
    const post = await createPost(t, owner, "To Remove");
    const reason = await aModerationReason(t, "It copies a photographer's work.");
    const remove = (payload?: object) =>
      t.app.inject({
        method: "DELETE",
        url: `/api/admin/tagged-posts/${post.id}`,
        headers: admin.headers,
        ...(payload && { payload }),
      });

    const before = await fingerprintAll(t.db);
    const withoutReason = await remove({});
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json()).toMatchObject({
      code: "validation",
      fields: { reasonId: expect.any(String) },
    });
    const unknownReason = await remove({ reasonId: MISSING_ID });
    expect(unknownReason.statusCode).toBe(400);
    expect(unknownReason.json()).toMatchObject({
      code: "validation",
      fields: { reasonId: expect.any(String) },
    });
    expect(await fingerprintAll(t.db)).toEqual(before);

    const res = await remove(reason.body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    // Kept as it was while the removal may be appealed, but gone from its owner's list and from search.
    const [kept] = await t.db.select().from(taggedPosts).where(eq(taggedPosts.id, post.id));
    expect(kept).toMatchObject({ postName: "To Remove", removedAt: expect.any(Date), heldForReview: true });
    const ownList = await t.app.inject({ url: "/api/tagged-posts", headers: asMember(owner.cookie) });
    expect(ownList.json()).toEqual([]);
    expect(await publicSearch(t, "To Remove")).toEqual([]);
    expect((await remove(reason.body)).statusCode).toBe(404);

    const log = await auditLog(t, admin);
    expect(log).toEqual([
      expect.objectContaining({
        action: "post.remove",
        actor: expect.objectContaining({ id: admin.user.id }),
        targetId: post.id,
        summary: {
          before: { postName: "To Remove", userId: owner.user.id, reportCount: 0 },
          after: { removed: true, reason: reason.label },
        },
      }),
    ]);
    const [notice] = await noticesOf(t, owner);
    expect(notice).toEqual({
      id: expect.any(String),
      kind: "decision",
      postName: null,
      visitor: null,
      tagg: null,
      decisionId: expect.any(String),
      text: expect.stringContaining(
        `Your post "To Remove" was removed, by an administrator. Reason: ${reason.label}.`,
      ),
      createdAt: expect.any(String),
    });
    expect(await noticesOf(t, owner)).toHaveLength(1);

    const missing = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/tagged-posts/${MISSING_ID}`,
      headers: admin.headers,
      payload: reason.body,
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: "DELETE",
      url: "/api/admin/tagged-posts/not-an-id",
      headers: admin.headers,
      payload: reason.body,
    });
    expect(malformed.statusCode).toBe(400);
    expect(await auditLog(t, admin)).toHaveLength(1);
  });
});

describe("reports and the Reported posts section", () => {
  it("takes an optional reason from the fixed list, one report per member", async () => {
    const { t, owner, reporters } = await setup();
    const post = await createPost(t, owner, "Reasoned");
    const [rita, rolf] = reporters as [Member, Member];
    const bad = await report(t, rita, post.id, { reason: "boring" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ reason: "Choose one of the listed reasons" });
    expect((await report(t, rita, post.id, { reason: "spam", extra: 1 })).statusCode).toBe(400);
    expect((await report(t, rita, post.id, { reason: "nudity" })).statusCode).toBe(201);
    expect((await report(t, rita, post.id, { reason: "spam" })).statusCode).toBe(409);
    expect((await report(t, rolf, post.id)).statusCode).toBe(201);
  });

  it("lists the queue with counts and reasons but never who reported; dismiss restores a held post", async () => {
    const { t, admin, owner, reporters } = await setup();
    const post = await createPost(t, owner, "Queued Post");
    const quiet = await createPost(t, owner, "Quiet Post");
    const [rita, rolf] = reporters as [Member, Member];
    await report(t, rita, post.id, { reason: "spam" });
    await report(t, rolf, post.id);
    // Held for review, as the auto-action holds a post.
    await t.db.update(taggedPosts).set({ heldForReview: true }).where(eq(taggedPosts.id, post.id));

    const queue = await get(t, admin, "/api/admin/reported-posts");
    expect(queue.statusCode).toBe(200);
    expect(queue.json()).toEqual({
      items: [
        {
          postId: post.id,
          postName: "Queued Post",
          userEmail: owner.input.email,
          reportCount: 2,
          countedReports: 2,
          isVisible: false,
          lastReportedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          reasons: { spam: 1, none: 1 },
          burst: null,
        },
      ],
      total: 1,
      totalCapped: false,
      nextCursor: null,
    });
    expect((await get(t, admin, "/api/admin/reported-posts?search=queued")).json().total).toBe(1);
    expect((await get(t, admin, "/api/admin/reported-posts?search=nothing-like-it")).json().total).toBe(0);
    expect(await publicSearch(t, "Queued Post")).toEqual([]);

    const dismiss = (postId: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/reported-posts/${postId}/dismiss`,
        headers: admin.headers,
      });
    expect((await dismiss(quiet.id)).statusCode).toBe(404);
    expect((await dismiss(MISSING_ID)).statusCode).toBe(404);
    expect((await dismiss("nope")).statusCode).toBe(400);
    const ok = await dismiss(post.id);
    expect(ok.statusCode).toBe(200);
    expect((await get(t, admin, "/api/admin/reported-posts")).json()).toEqual({
      items: [],
      total: 0,
      totalCapped: false,
      nextCursor: null,
    });
    expect((await publicSearch(t, "Queued Post")).map((p) => p.id)).toEqual([post.id]);
    expect(await auditLog(t, admin)).toEqual([
      expect.objectContaining({
        action: "post.reports.dismiss",
        targetId: post.id,
        summary: {
          before: { reportCount: 2, isVisible: false, heldForReview: true },
          after: { reportCount: 0, isVisible: true, heldForReview: false },
        },
      }),
    ]);
    // The same old reports cannot hide it again: they are gone. A new report counts from one.
    await enableAutoAction(t, "hide", 2);
    expect((await report(t, rita, post.id)).json()).toEqual({ reported: true, removed: false });
  });

  it("pages the queue by the last report time", async () => {
    const { t, admin, owner, reporters } = await setup();
    const a = await createPost(t, owner, "First Reported");
    const b = await createPost(t, owner, "Second Reported");
    await report(t, reporters[0] as Member, b.id);
    await report(t, reporters[0] as Member, a.id);
    const first = (await get(t, admin, "/api/admin/reported-posts?limit=1")).json();
    expect(first.items.map((p: { postId: string }) => p.postId)).toEqual([a.id]);
    expect(first.total).toBe(2);
    const next = (
      await get(t, admin, `/api/admin/reported-posts?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(next.items.map((p: { postId: string }) => p.postId)).toEqual([b.id]);
    expect(next.nextCursor).toBeNull();
  });
});

describe("the report auto-action", () => {
  it("hides a post pending review at the threshold, takes it out of search, audits the system, tells the owner", async () => {
    const { t, admin, owner, reporters } = await setup();
    const post = await createPost(t, owner, "Brigaded");
    await enableAutoAction(t, "hide", 2);
    const [rita, rolf] = reporters as [Member, Member];
    expect((await report(t, rita, post.id, { reason: "harassment" })).json()).toEqual({
      reported: true,
      removed: false,
    });
    expect((await publicSearch(t, "Brigaded")).map((p) => p.id)).toEqual([post.id]);
    expect((await report(t, rolf, post.id)).json()).toEqual({ reported: true, removed: true });

    // Held, with its owner's own choice kept for when the hold is lifted.
    const [row] = await t.db.select().from(taggedPosts).where(eq(taggedPosts.id, post.id));
    expect(row).toMatchObject({ heldForReview: true, isVisible: true });
    expect(await publicSearch(t, "Brigaded")).toEqual([]);
    const log = await auditLog(t, admin);
    expect(log).toEqual([
      expect.objectContaining({
        action: "post.hide",
        actor: { id: null, firstName: "System", lastName: "(automatic)" },
        targetId: post.id,
      }),
    ]);
    const notices = await noticesOf(t, owner);
    expect(notices).toEqual([
      expect.objectContaining({
        kind: "decision",
        text: expect.stringContaining(
          'Your post "Brigaded" was hidden pending review, automatically, because reports from members reached the threshold.',
        ),
      }),
    ]);

    // Nothing the owner or the admin is answered names a reporter.
    const answers = [
      JSON.stringify(notices),
      (await get(t, admin, "/api/admin/reported-posts")).body,
      (await get(t, admin, "/api/admin/tagged-posts")).body,
      (await get(t, admin, "/api/admin/audit-log")).body,
      (await t.app.inject({ url: "/api/tagged-posts", headers: asMember(owner.cookie) })).body,
    ].join("\n");
    for (const identity of identitiesOf(reporters)) expect(answers).not.toContain(identity);

    // The owner cannot show a post held for review again; only a dismiss does.
    await t.db.update(profiles).set({ subscriptionStatus: "active" }).where(eq(profiles.id, owner.user.id));
    await t.app.changes.sync(); // the cached session hears of the write
    const other = await createPost(t, owner, "Not Held");
    await t.db.update(taggedPosts).set({ isVisible: false }).where(eq(taggedPosts.id, other.id));
    const show = await t.app.inject({
      method: "PATCH",
      url: "/api/tagged-posts/bulk-show",
      headers: asMember(owner.cookie),
    });
    expect(show.json()).toEqual({ updated: 1 });
    expect(await publicSearch(t, "Brigaded")).toEqual([]);

    // A member may dismiss their notice; it is theirs only.
    const notTheirs = await t.app.inject({
      method: "DELETE",
      url: `/api/notices/${notices[0].id}`,
      headers: asMember(rita.cookie),
    });
    expect(notTheirs.statusCode).toBe(404);
    const own = await t.app.inject({
      method: "DELETE",
      url: `/api/notices/${notices[0].id}`,
      headers: asMember(owner.cookie),
    });
    expect(own.statusCode).toBe(200);
    expect(await noticesOf(t, owner)).toEqual([]);

    const dismissed = await t.app.inject({
      method: "POST",
      url: `/api/admin/reported-posts/${post.id}/dismiss`,
      headers: admin.headers,
    });
    expect(dismissed.statusCode).toBe(200);
    expect((await publicSearch(t, "Brigaded")).map((p) => p.id)).toEqual([post.id]);
    // The hold lifted by the dismiss has a notice of its own.
    expect(await noticesOf(t, owner)).toEqual([expect.objectContaining({ kind: "post_restored" })]);
  });

  it('removes the post when the action is "delete", telling the owner', async () => {
    const { t, admin, owner, reporters } = await setup();
    const post = await createPost(t, owner, "Deleted By Reports");
    await enableAutoAction(t, "delete", 2);
    await report(t, reporters[0] as Member, post.id);
    expect((await report(t, reporters[1] as Member, post.id)).json()).toEqual({
      reported: true,
      removed: true,
    });
    const [kept] = await t.db.select().from(taggedPosts).where(eq(taggedPosts.id, post.id));
    expect(kept?.removedAt).toEqual(expect.any(Date));
    expect(await publicSearch(t, "Deleted By Reports")).toEqual([]);
    expect((await auditLog(t, admin)).map((row) => [row.action, row.actor.id])).toEqual([
      ["post.remove", null],
    ]);
    expect(await noticesOf(t, owner)).toEqual([
      expect.objectContaining({
        kind: "decision",
        text: expect.stringContaining('Your post "Deleted By Reports" was removed, automatically'),
      }),
    ]);
  });

  it("acts once when two instances run the job at the same time", async () => {
    const { t, admin, owner, reporters } = await setup();
    const posts = [await createPost(t, owner, "Twice A"), await createPost(t, owner, "Twice B")];
    for (const post of posts) for (const reporter of reporters) await report(t, reporter, post.id);
    await enableAutoAction(t, "hide", 2);

    /** A second app instance's moderation service on the same database. */
    const instance = () => {
      const settings = createSettingsService({ settingsRepo: createSettingsRepository(t.db) });
      const posts = createPostsService({
        repos: createPostsRepositories(t.db),
        reposOn: createPostsRepositories,
        transact: transactOn(t.db),
        settings,
        applyReportAutoAction: async () => undefined,
        uploads: {
          findOwned: async () => undefined,
          deleteOriginals: async () => [],
          removeFiles: async () => {},
        },
        isBlocked: async () => false,
        clock: systemClock,
        reportMinAccountAgeHours: 24,
        countReport: async () => {},
      });
      const notices = createNoticesService({
        noticesRepo: createNoticesRepository(t.db),
        events: createEventBus(),
        clock: systemClock,
      });
      return createAdminModerationService({
        transact: transactOn(t.db),
        posts,
        auditRepoOn: createAuditRepository,
        settings,
        notices,
        uploads: { removeFiles: async () => {} },
        moderation: createModerationService({
          db: t.db,
          transact: transactOn(t.db),
          clock: systemClock,
          notices,
          recordAudit: (tx, entry) => createAuditRepository(tx).record(entry),
          memberOf: async () => undefined,
          mailer: { send: async () => {} },
          background: t.app.background,
          publicUrl: "http://tagit.test",
        }),
        clock: systemClock,
      });
    };
    const results = await Promise.all([instance().applyAutoAction(), instance().applyAutoAction()]);
    expect(results.reduce((sum, r) => sum + r.hidden, 0)).toBe(2);
    expect((await auditLog(t, admin)).filter((row) => row.action === "post.hide")).toHaveLength(2);
    expect(await noticesOf(t, owner)).toHaveLength(2);
    // A later run finds nothing left to do.
    expect(await instance().applyAutoAction()).toEqual({ hidden: 0, deleted: 0 });
  });

  it("does nothing while the auto-action is off", async () => {
    const { t, owner, reporters } = await setup();
    const post = await createPost(t, owner, "Reported But Off");
    for (const reporter of reporters) await report(t, reporter, post.id);
    const [row] = await t.db.select().from(taggedPosts).where(eq(taggedPosts.id, post.id));
    expect(row).toMatchObject({ heldForReview: false, isVisible: true });
    expect(await noticesOf(t, owner)).toEqual([]);
  });
});

describe("dismissing reports", () => {
  /** The owner, with Premium so they may hide and show their posts. */
  async function premiumSetup() {
    const context = await setup();
    await context.t.db
      .update(profiles)
      .set({ subscriptionStatus: "active" })
      .where(eq(profiles.id, context.owner.user.id));
    await context.t.app.changes.sync(); // the cached session hears of the write
    return context;
  }
  const bulk = (t: TestApp, owner: Member, action: "bulk-hide" | "bulk-show") =>
    t.app.inject({ method: "PATCH", url: `/api/tagged-posts/${action}`, headers: asMember(owner.cookie) });
  const dismiss = (t: TestApp, admin: Admin, postId: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/admin/reported-posts/${postId}/dismiss`,
      headers: admin.headers,
    });
  const ownList = async (t: TestApp, owner: Member) =>
    (await t.app.inject({ url: "/api/tagged-posts", headers: asMember(owner.cookie) })).json() as {
      postName: string;
      isVisible: boolean;
    }[];

  it("never shows a post its owner hid, whether they hid it before the hold or while it was held", async () => {
    const { t, admin, owner, reporters } = await premiumSetup();
    // Reported while the auto-action is off, then hidden by its owner: dismissing changes nothing.
    const hiddenFirst = await createPost(t, owner, "Hidden First");
    for (const reporter of reporters) await report(t, reporter, hiddenFirst.id);
    expect((await bulk(t, owner, "bulk-hide")).json()).toEqual({ updated: 1 });
    expect((await dismiss(t, admin, hiddenFirst.id)).statusCode).toBe(200);
    expect(await publicSearch(t, "Hidden First")).toEqual([]);

    // Reported, hidden by its owner, then held for review once the auto-action is turned on.
    await bulk(t, owner, "bulk-show");
    for (const reporter of reporters) await report(t, reporter, hiddenFirst.id);
    await bulk(t, owner, "bulk-hide");
    await enableAutoAction(t, "hide", 2);
    expect(await t.app.jobs.run("report-auto-action")).toEqual({ hidden: 1, deleted: 0 });
    expect((await dismiss(t, admin, hiddenFirst.id)).statusCode).toBe(200);
    expect(await publicSearch(t, "Hidden First")).toEqual([]);

    // Visible, held for review, then hidden by its owner with everything else while it was held.
    const heldThenHidden = await createPost(t, owner, "Held Then Hidden");
    for (const reporter of reporters) await report(t, reporter, heldThenHidden.id);
    expect(await publicSearch(t, "Held Then Hidden")).toEqual([]);
    await bulk(t, owner, "bulk-hide");
    expect((await dismiss(t, admin, heldThenHidden.id)).statusCode).toBe(200);
    expect(await publicSearch(t, "Held Then Hidden")).toEqual([]);

    expect(await ownList(t, owner)).toEqual([
      expect.objectContaining({ postName: "Held Then Hidden", isVisible: false }),
      expect.objectContaining({ postName: "Hidden First", isVisible: false }),
    ]);
    // What the owner chooses next is what others see.
    expect((await bulk(t, owner, "bulk-show")).json()).toEqual({ updated: 2 });
    expect((await publicSearch(t, "Held Then Hidden")).map((p) => p.id)).toEqual([heldThenHidden.id]);
  });

  it("keeps a held post hidden while its owner shows everything, and shows it once the hold is lifted", async () => {
    const { t, admin, owner, reporters } = await premiumSetup();
    await enableAutoAction(t, "hide", 2);
    const held = await createPost(t, owner, "Held Post");
    await createPost(t, owner, "Free Post");
    for (const reporter of reporters) await report(t, reporter, held.id);
    // Showing everything counts (and shows) only the posts not held.
    expect((await bulk(t, owner, "bulk-show")).json()).toEqual({ updated: 1 });
    expect(await publicSearch(t, "Held Post")).toEqual([]);
    expect(await ownList(t, owner)).toEqual([
      expect.objectContaining({ postName: "Free Post", isVisible: true }),
      expect.objectContaining({ postName: "Held Post", isVisible: false }),
    ]);
    expect((await get(t, admin, "/api/admin/reported-posts")).json().items).toEqual([
      expect.objectContaining({ postId: held.id, isVisible: false }),
    ]);

    expect((await dismiss(t, admin, held.id)).statusCode).toBe(200);
    expect((await publicSearch(t, "Held Post")).map((p) => p.id)).toEqual([held.id]);
    expect((await auditLog(t, admin)).find((row) => row.action === "post.reports.dismiss")?.summary).toEqual({
      before: { reportCount: 2, isVisible: false, heldForReview: true },
      after: { reportCount: 0, isVisible: true, heldForReview: false },
    });
  });

  it("tells the owner when moderation's hold is lifted, and only then, and clears the hidden notice", async () => {
    const { t, admin, owner, reporters } = await setup();
    const held = await createPost(t, owner, "Held Awhile");
    const reported = await createPost(t, owner, "Only Reported");
    await report(t, reporters[0] as Member, reported.id);
    await enableAutoAction(t, "hide", 2);
    for (const reporter of reporters) await report(t, reporter, held.id);
    expect(await noticesOf(t, owner)).toEqual([expect.objectContaining({ kind: "decision" })]);

    // Reports dismissed on a post moderation never hid: nothing to tell.
    expect((await dismiss(t, admin, reported.id)).statusCode).toBe(200);
    expect(await noticesOf(t, owner)).toHaveLength(1);

    expect((await dismiss(t, admin, held.id)).statusCode).toBe(200);
    const notices = await noticesOf(t, owner);
    // The bell says the post is back, and no longer that it is hidden pending review.
    expect(notices).toEqual([
      {
        id: expect.any(String),
        kind: "post_restored",
        postName: "Held Awhile",
        visitor: null,
        tagg: null,
        decisionId: null,
        text: 'Your post "Held Awhile" was reviewed and is no longer hidden by moderation',
        createdAt: expect.any(String),
      },
    ]);
    for (const identity of [...identitiesOf(reporters), admin.user.id]) {
      expect(JSON.stringify(notices)).not.toContain(identity);
    }
  });

  it("ends each post's review apart: the outcome replaces that post's hidden notice only", async () => {
    const { t, admin, owner, reporters } = await setup();
    const kept = await createPost(t, owner, "Kept After Review");
    const removed = await createPost(t, owner, "Removed After Review");
    await enableAutoAction(t, "hide", 2);
    for (const post of [kept, removed]) for (const reporter of reporters) await report(t, reporter, post.id);
    // A decision's notice names its post in its words; the other kinds name it in `postName`.
    const kinds = async () =>
      ((await noticesOf(t, owner)) as { kind: string; postName: string | null; text: string }[])
        .map((notice) => `${notice.kind} ${notice.postName ?? /"([^"]+)"/.exec(notice.text)?.[1]}`)
        .sort();
    expect(await kinds()).toEqual(["decision Kept After Review", "decision Removed After Review"]);

    expect((await dismiss(t, admin, kept.id)).statusCode).toBe(200);
    expect(await kinds()).toEqual(["decision Removed After Review", "post_restored Kept After Review"]);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/tagged-posts/${removed.id}`,
      headers: admin.headers,
      payload: (await aModerationReason(t)).body,
    });
    expect(deleted.statusCode).toBe(200);
    // The removal's decision replaces the hold's: the bell says "removed", and no longer "hidden".
    const texts = ((await noticesOf(t, owner)) as { text: string }[]).map((notice) => notice.text);
    expect(texts.filter((text) => text.includes("Removed After Review"))).toEqual([
      expect.stringContaining('Your post "Removed After Review" was removed, by an administrator.'),
    ]);
    expect(await kinds()).toEqual(["decision Removed After Review", "post_restored Kept After Review"]);
  });
});

describe("the owner's live notice", () => {
  it("reaches the owner's open event stream as a notice event, naming no reporter", async () => {
    const { t, admin, owner, reporters } = await setup();
    const post = await createPost(t, owner, "Live Notice");
    await enableAutoAction(t, "hide", 2);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const controller = new AbortController();
    const stream = await fetch(`${address}/api/events`, {
      headers: { cookie: owner.cookie },
      signal: controller.signal,
    });
    const reader = stream.body?.getReader();
    await reader?.read(); // retry hint
    for (const reporter of reporters) await report(t, reporter, post.id);
    let text = "";
    while (!text.includes("\n\n")) text += new TextDecoder().decode((await reader?.read())?.value);
    controller.abort();
    expect(text).toContain("event: notice");
    expect(text).toContain('"kind":"decision"');
    expect(text).toContain('\\"Live Notice\\" was hidden pending review');
    for (const identity of [...identitiesOf(reporters), admin.user.id]) expect(text).not.toContain(identity);
  });
});

describe("the report settings", () => {
  it("answers the defaults, saves a valid change (audited), and refuses other thresholds and actions", async () => {
    const { t, admin } = await setup();
    const defaults = await get(t, admin, "/api/admin/post-report-settings");
    expect(defaults.json()).toEqual({
      autoDeleteEnabled: false,
      autoDeleteThreshold: 10,
      autoAction: "hide",
    });
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: "PUT",
        url: "/api/admin/post-report-settings",
        headers: admin.headers,
        payload,
      });

    const saved = await put({ autoDeleteEnabled: true, autoDeleteThreshold: 50, autoAction: "delete" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ autoDeleteEnabled: true, autoDeleteThreshold: 50, autoAction: "delete" });
    expect((await get(t, admin, "/api/admin/post-report-settings")).json()).toEqual(saved.json());

    const badThreshold = await put({ autoDeleteEnabled: true, autoDeleteThreshold: 20, autoAction: "hide" });
    expect(badThreshold.statusCode).toBe(400);
    expect(badThreshold.json().fields).toEqual({ autoDeleteThreshold: REPORT_SETTINGS_MESSAGES.threshold });
    const badAction = await put({ autoDeleteEnabled: true, autoDeleteThreshold: 10, autoAction: "ban" });
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().fields).toEqual({ autoAction: REPORT_SETTINGS_MESSAGES.autoAction });
    expect((await put({ autoDeleteEnabled: true })).statusCode).toBe(400);
    // The published body, without the action, keeps the stored one.
    const publishedBody = await put({ autoDeleteEnabled: true, autoDeleteThreshold: 100 });
    expect(publishedBody.json()).toEqual({
      autoDeleteEnabled: true,
      autoDeleteThreshold: 100,
      autoAction: "delete",
    });

    const log = await auditLog(t, admin);
    expect(log.map((row) => row.summary)).toEqual([
      { before: { autoDeleteThreshold: 50 }, after: { autoDeleteThreshold: 100 } },
      expect.anything(),
    ]);
    expect(log[1]).toEqual(
      expect.objectContaining({
        action: "report-settings.update",
        actor: expect.objectContaining({ id: admin.user.id }),
        summary: {
          before: { autoDeleteEnabled: false, autoDeleteThreshold: 10, autoAction: "hide" },
          after: { autoDeleteEnabled: true, autoDeleteThreshold: 50, autoAction: "delete" },
        },
      }),
    );
  });
});
