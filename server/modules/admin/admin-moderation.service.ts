import type { AdminListQuery } from "#contract/api/admin.ts";
import type { PostReportSettingsBody } from "#contract/api/admin-moderation.ts";
import type { RestrictionBody } from "#contract/api/moderation.ts";
import type { Notice, NoticeKind, ReportOutcome } from "#contract/api/notices.ts";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { AfterCommit, DecisionReason, ModerationService } from "../moderation/moderation.service.ts";
import type { NoticesService } from "../notices/notices.service.ts";
import { isShownToOthers } from "../posts/posts.mapper.ts";
import type { PostsService } from "../posts/posts.service.ts";
import type { ReportSettings, SettingsService } from "../settings/settings.service.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import { type AuditActor, type AuditRepository, SYSTEM_ACTOR } from "./audit.repository.ts";

type Deps = {
  transact: Transact;
  /** The posts module, which owns posts and their reports. */
  posts: Pick<PostsService, "adminList" | "reportedList" | "moderationOn">;
  auditRepoOn: (tx: Tx) => AuditRepository;
  settings: Pick<SettingsService, "reports" | "setReports">;
  notices: Pick<NoticesService, "add" | "announce" | "resolveHidden">;
  uploads: Pick<UploadsService, "removeFiles">;
  moderation: Pick<ModerationService, "reasonFor" | "decide" | "lift" | "recordReview" | "removalsDue">;
  clock: Clock;
};

const notFound = () => new AppError("not_found", POST_MESSAGES.notFound);
const MODERATION_HIDE_CONFLICT = "This post is already hidden pending review";

/** The statement an automatic decision carries: no administrator chose it, the reports' threshold did. */
const thresholdReason = (counted: number, threshold: number): DecisionReason => ({
  reasonId: null,
  reasonLabel: "Reported by members",
  reasonRule: null,
  reasonText: `${counted} members' reports counted; the community's threshold is ${threshold}.`,
});

/** What a dismissal or a reversal says to a member whose appeal it settles. */
const DISMISSED_OUTCOME = "An administrator reviewed the reports and found that no rule was broken.";

type Announcement = { userId: string; notice: Notice };

/**
 * The Tagged posts and Reported posts sections, and the report auto-action. Every write records its audit
 * row and the owner's notice in the same transaction; files are removed and notices pushed after commit.
 */
export function createAdminModerationService({
  transact,
  posts,
  auditRepoOn,
  settings,
  notices,
  uploads,
  moderation,
  clock,
}: Deps) {
  async function notify(tx: Tx, userId: string, kind: NoticeKind, postName: string): Promise<Announcement> {
    // The outcome of a review replaces the "hidden pending review" notice: the bell never says both.
    if (kind !== "post_hidden") await notices.resolveHidden(userId, postName, tx);
    return { userId, notice: await notices.add({ userId, kind, postName }, tx) };
  }

  /**
   * Each member whose report of the post counted (`reporters`, read before the reports went with the post or were
   * cleared) hears once what became of it, by the post's name alone, never its owner's. A member reports a post at
   * most once.
   */
  async function tellReporters(
    tx: Tx,
    reporters: string[],
    postName: string,
    outcome: ReportOutcome,
  ): Promise<Announcement[]> {
    return Promise.all(
      reporters.map(async (userId) => ({
        userId,
        notice: await notices.add({ userId, kind: "report_outcome", postName, outcome }, tx),
      })),
    );
  }

  function afterCommit(files: string[], announcements: Announcement[], told: AfterCommit[] = []) {
    for (const { userId, notice } of announcements) notices.announce(userId, notice);
    for (const tell of told) tell();
    return uploads.removeFiles(files);
  }

  /**
   * Removes one post by moderation (an administrator's, or the threshold's when `actor` is the system): it leaves
   * every list, its owner's included, but is kept as it is while the removal may be appealed; its reports go and
   * the members whose report counted are told. The decision, with its statement of reasons, tells the owner.
   * Undefined when the post was already removed.
   */
  async function removePost(
    tx: Tx,
    actor: AuditActor,
    post: { id: string; userId: string; postName: string },
    reason: DecisionReason,
  ) {
    const repo = posts.moderationOn(tx);
    const reportCount = await repo.reportCount(post.id);
    const reporters = await repo.countedReporters(post.id, post.userId);
    const firstReportedAt = await repo.firstReportedAt(post.id);
    if (!(await repo.markRemoved(post.id, clock.now()))) return undefined;
    await repo.clearReports(post.id);
    if (actor.id !== null) await moderation.recordReview(tx, firstReportedAt);
    // The removal takes over from a hold for review: that decision no longer applies on its own.
    await moderation.lift(tx, { postId: post.id }, ["post_hidden"], {
      actorId: actor.id,
      appealOutcome: "upheld",
      outcomeText: "The post was removed after review.",
    });
    await notices.resolveHidden(post.userId, post.postName, tx);
    await auditRepoOn(tx).record({
      actor,
      action: "post.remove",
      targetType: "post",
      targetId: post.id,
      summary: {
        before: { postName: post.postName, userId: post.userId, reportCount },
        after: { removed: true, reason: reason.reasonLabel },
      },
    });
    const told = await moderation.decide(tx, {
      ...reason,
      userId: post.userId,
      kind: "post_removed",
      postId: post.id,
      postName: post.postName,
      decidedBy: actor.id,
    });
    return { told, announcements: await tellReporters(tx, reporters, post.postName, "removed") };
  }

  /**
   * Clears a post's reports and lifts moderation's hold (see `dismissReports`), on the caller's transaction;
   * answers what to announce after commit, or undefined when the post has no reports and no hold to lift.
   */
  async function releaseOn(
    tx: Tx,
    actor: AuditActor,
    postId: string,
    outcomeText: string,
    /** False when the owner hears of it otherwise (an appeal's outcome): their hidden notice still goes. */
    tellOwner = true,
  ) {
    const repo = posts.moderationOn(tx);
    const post = await repo.findById(postId);
    if (!post || post.removedAt) return undefined;
    const reporters = await repo.countedReporters(post.id, post.userId);
    const firstReportedAt = await repo.firstReportedAt(post.id);
    const cleared = await repo.clearReports(postId);
    const released = await repo.release(postId);
    if (cleared === 0 && !released) return undefined;
    if (cleared > 0) await moderation.recordReview(tx, firstReportedAt);
    await moderation.lift(tx, { postId }, ["post_hidden"], {
      actorId: actor.id,
      appealOutcome: "reversed",
      outcomeText,
    });
    await auditRepoOn(tx).record({
      actor,
      action: "post.reports.dismiss",
      targetType: "post",
      targetId: postId,
      summary: {
        before: { reportCount: cleared, isVisible: isShownToOthers(post), heldForReview: post.heldForReview },
        after: { reportCount: 0, isVisible: post.isVisible, heldForReview: false },
      },
    });
    if (released && !tellOwner) await notices.resolveHidden(post.userId, post.postName, tx);
    const owner =
      released && tellOwner ? [await notify(tx, post.userId, "post_restored", post.postName)] : [];
    return [...owner, ...(await tellReporters(tx, reporters, post.postName, "dismissed"))];
  }

  /**
   * Deletes a removed post for good through the posts module's deletion path; answers the files to remove once
   * committed (none when the post was already gone).
   */
  async function purgeOn(tx: Tx, removal: { decisionId: string; postId: string; userId: string }) {
    const result = await posts.moderationOn(tx).deletePost({ userId: removal.userId, id: removal.postId });
    if (result.deleted === 0) return undefined;
    await auditRepoOn(tx).record({
      actor: SYSTEM_ACTOR,
      action: "post.delete",
      targetType: "post",
      targetId: removal.postId,
      summary: { before: { removedByDecision: removal.decisionId } },
    });
    return result.files;
  }

  return {
    releaseOn,
    purgeOn,

    async listTaggedPosts(query: AdminListQuery) {
      const page = await posts.adminList(query);
      return {
        ...page,
        items: page.items.map((row) => ({
          id: row.id,
          userTagg: row.userTagg,
          userEmail: row.userEmail,
          postName: row.postName,
          originalImage: row.originalImage,
          scrambledImage: row.scrambledImage,
          scrambleImage: row.scrambleImage,
          hidePersonalInfo: row.hidePersonalInfo,
          isVisible: isShownToOthers(row),
          reportCount: row.reportCount,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    async listReportedPosts(query: AdminListQuery) {
      const page = await posts.reportedList(query);
      return {
        ...page,
        items: page.items.map((row) => ({
          postId: row.id,
          postName: row.postName,
          userEmail: row.userEmail,
          reportCount: row.reportCount,
          countedReports: row.countedReports,
          isVisible: isShownToOthers(row),
          lastReportedAt: row.lastReportedAt,
          reasons: row.reasons,
          burst: row.burstAccounts === null ? null : { accounts: row.burstAccounts },
        })),
      };
    },

    /**
     * An administrator removes a post, with a reason from the panel's list: audited, the owner told why and how to
     * appeal, the reporters told it was removed. 404 when there is no such post or it was already removed.
     */
    async deletePost(actor: AuditActor, id: string, body: RestrictionBody & { reasonId: string }) {
      const done = await transact(async (tx) => {
        const post = await posts.moderationOn(tx).findById(id);
        if (!post || post.removedAt) throw notFound();
        const reason = await moderation.reasonFor(body, tx);
        const result = await removePost(tx, actor, post, reason);
        if (!result) throw notFound();
        return result;
      });
      await afterCommit([], done.announcements, [done.told]);
    },

    /**
     * An administrator hides a post pending review, with a reason: others stop seeing it whatever its owner
     * chooses, until the reports are dismissed, an appeal reverses it, or it is removed. 409 when it already is.
     */
    async hidePost(actor: AuditActor, id: string, body: RestrictionBody & { reasonId: string }) {
      const told = await transact(async (tx) => {
        const repo = posts.moderationOn(tx);
        const post = await repo.findById(id);
        if (!post || post.removedAt) throw notFound();
        const reason = await moderation.reasonFor(body, tx);
        if (!(await repo.hold(post.id))) throw new AppError("conflict", MODERATION_HIDE_CONFLICT);
        await moderation.recordReview(tx, await repo.firstReportedAt(post.id));
        await auditRepoOn(tx).record({
          actor,
          action: "post.hide",
          targetType: "post",
          targetId: post.id,
          summary: {
            before: { heldForReview: false, isVisible: isShownToOthers(post) },
            after: { heldForReview: true, isVisible: false, reason: reason.reasonLabel },
          },
        });
        return moderation.decide(tx, {
          ...reason,
          userId: post.userId,
          kind: "post_hidden",
          postId: post.id,
          postName: post.postName,
          decidedBy: actor.id,
        });
      });
      told();
    },

    /**
     * Clears a post's reports and undoes what moderation did: a hold for review is lifted (the owner is told,
     * their "hidden pending review" notice goes, and an appeal still open against the hold is settled in their
     * favour), and the post shows again only if its owner shows it (never one they hid themselves). 404 when it
     * has no reports.
     */
    async dismissReports(actor: AuditActor, postId: string) {
      const announcements = await transact(async (tx) => {
        const released = await releaseOn(tx, actor, postId, DISMISSED_OUTCOME);
        if (!released) throw notFound();
        return released;
      });
      await afterCommit([], announcements);
    },

    /**
     * Deletes for good the posts whose removal can no longer be appealed (the window closed with no appeal open),
     * through the posts module's own deletion path; their files go after commit. Answers how many.
     */
    async purgeRemovals() {
      let purged = 0;
      for (const due of await moderation.removalsDue(100)) {
        if (!due.postId) continue;
        const removal = { decisionId: due.id, postId: due.postId, userId: due.userId };
        const files = await transact((tx) => purgeOn(tx, removal));
        if (!files) continue;
        purged += 1;
        await uploads.removeFiles(files);
      }
      return { purged };
    },

    reportSettings: () => settings.reports(),

    async setReportSettings(actor: AuditActor, body: PostReportSettingsBody) {
      return transact(async (tx) => {
        const before = await settings.reports(tx);
        const values: ReportSettings = { ...body, autoAction: body.autoAction ?? before.autoAction };
        await settings.setReports(values, tx);
        const keys = (Object.keys(values) as (keyof ReportSettings)[]).filter(
          (key) => before[key] !== values[key],
        );
        await auditRepoOn(tx).record({
          actor,
          action: "report-settings.update",
          targetType: "settings",
          targetId: "post-report-settings",
          summary: {
            before: Object.fromEntries(keys.map((key) => [key, before[key]])),
            after: Object.fromEntries(keys.map((key) => [key, values[key]])),
          },
        });
        return values;
      });
    },

    /**
     * The report auto-action: when enabled, every post with at least the threshold of counted reports (from
     * members verified and old enough when they reported; decision 049) is hidden pending review (or deleted, when the setting says so), audited with the system as actor, and its owner
     * told. Safe with several instances: a transaction-scoped advisory lock makes runs take turns, and each
     * write is conditional (hide only what is visible; delete what still exists), so a post is acted on once.
     */
    async applyAutoAction() {
      const { autoDeleteEnabled, autoDeleteThreshold, autoAction } = await settings.reports();
      if (!autoDeleteEnabled) return { hidden: 0, deleted: 0 };
      const done = await transact(async (tx) => {
        const outcome = {
          hidden: 0,
          deleted: 0,
          announcements: [] as Announcement[],
          told: [] as AfterCommit[],
        };
        // Runs queue behind each other (the report that crossed the threshold waits for a job run in progress
        // rather than skip, so it never misses its post); the lock ends with the transaction.
        const repo = posts.moderationOn(tx);
        await repo.lockAutoAction();
        if (autoAction === "hide") {
          for (const post of await repo.holdReportedAtLeast(autoDeleteThreshold)) {
            await auditRepoOn(tx).record({
              actor: SYSTEM_ACTOR,
              action: "post.hide",
              targetType: "post",
              targetId: post.id,
              summary: { before: { heldForReview: false }, after: { heldForReview: true, isVisible: false } },
            });
            const counted = await repo.countedReportCount(post.id);
            outcome.told.push(
              await moderation.decide(tx, {
                ...thresholdReason(counted, autoDeleteThreshold),
                userId: post.userId,
                kind: "post_hidden",
                postId: post.id,
                postName: post.postName,
                decidedBy: null,
              }),
            );
            outcome.hidden += 1;
          }
        } else {
          for (const post of await repo.reportedAtLeast(autoDeleteThreshold)) {
            const counted = await repo.countedReportCount(post.id);
            const result = await removePost(
              tx,
              SYSTEM_ACTOR,
              post,
              thresholdReason(counted, autoDeleteThreshold),
            );
            if (!result) continue;
            outcome.told.push(result.told);
            outcome.announcements.push(...result.announcements);
            outcome.deleted += 1;
          }
        }
        return outcome;
      });
      await afterCommit([], done.announcements, done.told);
      return { hidden: done.hidden, deleted: done.deleted };
    },
  };
}

export type AdminModerationService = ReturnType<typeof createAdminModerationService>;
