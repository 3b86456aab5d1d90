import type { AdminListQuery } from "#contract/api/admin.ts";
import type { PostReportSettingsBody } from "#contract/api/admin-moderation.ts";
import type { Notice, NoticeKind, ReportOutcome } from "#contract/api/notices.ts";
import { POST_MESSAGES } from "#contract/api/posts.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
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
};

const notFound = () => new AppError("not_found", POST_MESSAGES.notFound);

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

  function afterCommit(files: string[], announcements: Announcement[]) {
    for (const { userId, notice } of announcements) notices.announce(userId, notice);
    return uploads.removeFiles(files);
  }

  /** Deletes one post through the posts module's own deletion path (uploads no other post uses go too). */
  async function deletePost(
    tx: Tx,
    actor: AuditActor,
    post: { id: string; userId: string; postName: string },
  ) {
    const moderation = posts.moderationOn(tx);
    const reportCount = await moderation.reportCount(post.id);
    const reporters = await moderation.countedReporters(post.id, post.userId);
    const { deleted, files } = await moderation.deletePost({ userId: post.userId, id: post.id });
    if (deleted === 0) return undefined;
    await auditRepoOn(tx).record({
      actor,
      action: "post.delete",
      targetType: "post",
      targetId: post.id,
      summary: { before: { postName: post.postName, userId: post.userId, reportCount } },
    });
    return {
      files,
      announcements: [
        await notify(tx, post.userId, "post_removed", post.postName),
        ...(await tellReporters(tx, reporters, post.postName, "removed")),
      ],
    };
  }

  return {
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

    /** An administrator deletes a post: the owner's own deletion path, audited, and the owner is told. */
    async deletePost(actor: AuditActor, id: string) {
      const done = await transact(async (tx) => {
        const post = await posts.moderationOn(tx).findById(id);
        if (!post) throw notFound();
        const result = await deletePost(tx, actor, post);
        if (!result) throw notFound();
        return result;
      });
      await afterCommit(done.files, done.announcements);
    },

    /**
     * Clears a post's reports and undoes what moderation did: a hold for review is lifted (the owner is told,
     * and their "hidden pending review" notice goes), and the post shows again only if its owner shows it
     * (never one they hid themselves). 404 when it has no reports.
     */
    async dismissReports(actor: AuditActor, postId: string) {
      const announcements = await transact(async (tx) => {
        const repo = posts.moderationOn(tx);
        const post = await repo.findById(postId);
        if (!post) throw notFound();
        const reporters = await repo.countedReporters(post.id, post.userId);
        const cleared = await repo.clearReports(postId);
        if (cleared === 0) throw notFound();
        const released = await repo.release(postId);
        await auditRepoOn(tx).record({
          actor,
          action: "post.reports.dismiss",
          targetType: "post",
          targetId: postId,
          summary: {
            before: {
              reportCount: cleared,
              isVisible: isShownToOthers(post),
              heldForReview: post.heldForReview,
            },
            after: { reportCount: 0, isVisible: post.isVisible, heldForReview: false },
          },
        });
        const owner = released ? [await notify(tx, post.userId, "post_restored", post.postName)] : [];
        return [...owner, ...(await tellReporters(tx, reporters, post.postName, "dismissed"))];
      });
      await afterCommit([], announcements);
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
        const outcome = { hidden: 0, deleted: 0, files: [] as string[], announcements: [] as Announcement[] };
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
            outcome.announcements.push(await notify(tx, post.userId, "post_hidden", post.postName));
            outcome.hidden += 1;
          }
        } else {
          for (const post of await repo.reportedAtLeast(autoDeleteThreshold)) {
            const result = await deletePost(tx, SYSTEM_ACTOR, post);
            if (!result) continue;
            outcome.files.push(...result.files);
            outcome.announcements.push(...result.announcements);
            outcome.deleted += 1;
          }
        }
        return outcome;
      });
      await afterCommit(done.files, done.announcements);
      return { hidden: done.hidden, deleted: done.deleted };
    },
  };
}

export type AdminModerationService = ReturnType<typeof createAdminModerationService>;
