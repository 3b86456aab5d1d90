import type { AdminListQuery } from "#contract/api/admin.ts";
import {
  MIN_NAME_SUGGESTIONS,
  POST_MESSAGES,
  type ReportReason,
  type TaggedPost,
} from "#contract/api/posts.ts";
import { nameKey } from "#contract/names.ts";
import { getPlanCapabilities, subscriptionStatusAt } from "#contract/plans.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import type { InTransaction } from "#server/db/inactive.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { type Transact, type Tx, transactOn } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { SettingsService } from "#server/modules/settings/settings.service.ts";
import type { UploadsService } from "#server/modules/uploads/uploads.service.ts";
import { nameCandidates } from "./name-suggestions.ts";
import { toTaggedPost } from "./posts.mapper.ts";
import type { PostsRepositories } from "./posts.repository.ts";
import { reportCounts } from "./report-rules.ts";

type Deps = {
  /** The module's repositories on the app's database. */
  repos: PostsRepositories;
  transact: Transact;
  reposOn: (tx: Tx) => PostsRepositories;
  settings: Pick<SettingsService, "reports">;
  /** Runs the report auto-action (hide pending review, or delete) now, rather than at the job's next run. */
  applyReportAutoAction: () => Promise<unknown>;
  uploads: Pick<UploadsService, "findOwned" | "deleteOriginals" | "removeFiles">;
  /** Whether `ownerId` blocked `viewerId`: then nothing of the owner's exists for the viewer. */
  isBlocked: (ownerId: string, viewerId: string) => Promise<boolean>;
  clock: Clock;
  /** A report counts toward the automatic action only from a verified member at least this many hours old. */
  reportMinAccountAgeHours: number;
  /** Counts a new report in moderation's public monthly figures. */
  countReport: (counted: boolean) => Promise<void>;
};

type CreateInput = {
  postName: string;
  originalImage: string;
  scrambledImage: string;
  hidePersonalInfo: boolean;
  scrambleImage: boolean;
  comment?: string;
};

export function createPostsService({
  repos,
  transact,
  reposOn,
  settings,
  applyReportAutoAction,
  uploads,
  isBlocked,
  clock,
  reportMinAccountAgeHours,
  countReport,
}: Deps) {
  const { posts: postsRepo, reports: reportsRepo, cleanup: cleanupRepo } = repos;

  async function suggestionsFor(name: string): Promise<string[]> {
    const free: string[] = [];
    for (let round = 0; round < 5 && free.length < MIN_NAME_SUGGESTIONS; round++) {
      const candidates = nameCandidates(name, clock.now().getUTCFullYear(), 4 + round * 4);
      const taken = await postsRepo.takenNameKeys(candidates);
      for (const candidate of candidates) {
        const key = nameKey(candidate);
        if (!taken.has(key) && !free.some((f) => nameKey(f) === key)) free.push(candidate);
      }
    }
    return free.slice(0, 5);
  }

  /**
   * Deletes posts with `remove` and then the uploads no remaining post uses (through the uploads module), in one
   * transaction of `run`; answers what `remove` deleted and the files to remove once it has committed.
   */
  function deletePostsIn<T>(
    run: Transact,
    remove: (repos: PostsRepositories) => Promise<{ deleted: T; unusedOriginals: string[] }>,
  ) {
    return run(async (tx) => {
      const { deleted, unusedOriginals } = await remove(reposOn(tx));
      const files = unusedOriginals.length === 0 ? [] : await uploads.deleteOriginals(unusedOriginals, tx);
      return { deleted, files };
    });
  }

  async function ownPost(userId: string, id: string) {
    const row = await postsRepo.findOwnWithViews(id, userId);
    if (!row) throw new AppError("not_found", POST_MESSAGES.notFound);
    return toTaggedPost(row.post, row.uniqueViewCount);
  }

  return {
    /** The admin panel's Tagged Posts list. */
    adminList: (query: AdminListQuery) => postsRepo.adminList(query),

    /** The admin panel's report queue. */
    reportedList: (query: AdminListQuery) => reportsRepo.reportedList(query),

    /**
     * What moderation reads and changes of posts and their reports, on the caller's transaction, so that an
     * administrator's (or the automatic action's) change commits with its audit row and the owner's notice.
     */
    moderationOn(tx: Tx) {
      const { posts, reports } = reposOn(tx);
      return {
        findById: posts.findById,
        reportCount: reports.reportCount,
        countedReporters: reports.countedReporters,
        firstReportedAt: reports.firstReportedAt,
        countedReportCount: reports.countedReportCount,
        hold: reports.hold,
        markRemoved: reports.markRemoved,
        restoreRemoved: reports.restoreRemoved,
        // Within the caller's transaction, as a savepoint of its own.
        deletePost: (post: { userId: string; id: string }) =>
          deletePostsIn(transactOn(tx), (r) => r.posts.deletePosts(post)),
        clearReports: reports.clearReports,
        release: reports.release,
        lockAutoAction: reports.lockAutoAction,
        holdReportedAtLeast: reports.holdReportedAtLeast,
        reportedAtLeast: reports.reportedAtLeast,
      };
    },

    async checkName(name: string) {
      const taken = (await postsRepo.takenNameKeys([name])).size > 0;
      return { available: !taken, suggestions: taken ? await suggestionsFor(name) : [] };
    },

    async create(user: ProfileRow, input: CreateInput): Promise<TaggedPost> {
      const upload = await uploads.findOwned(user.id, input.originalImage, input.scrambledImage);
      if (!upload) throw new AppError("validation", POST_MESSAGES.imageNotYours);
      const nameTaken = async () =>
        new AppError(
          "name_taken",
          POST_MESSAGES.nameTaken,
          { postName: POST_MESSAGES.nameTaken },
          { suggestions: await suggestionsFor(input.postName) },
        );
      if ((await postsRepo.takenNameKeys([input.postName])).size > 0) throw await nameTaken();
      try {
        const post = await postsRepo.insert({
          userId: user.id,
          postName: input.postName,
          originalImage: upload.originalPath,
          scrambledImage: upload.scrambledPath,
          thumbnailImage: upload.thumbnailPath,
          hidePersonalInfo: input.hidePersonalInfo,
          scrambleImage: input.scrambleImage,
          comment: input.comment || null,
          createdAt: clock.now(),
        });
        return toTaggedPost(post, 0);
      } catch (err) {
        if (isUniqueViolation(err)) throw await nameTaken();
        throw err;
      }
    },

    async listOwn(userId: string): Promise<TaggedPost[]> {
      const rows = await postsRepo.listOwn(userId);
      return rows.map((row) => toTaggedPost(row.post, row.uniqueViewCount));
    },

    async setScramble(userId: string, id: string, scrambleImage: boolean) {
      if (!(await postsRepo.setScramble(id, userId, scrambleImage))) {
        throw new AppError("not_found", POST_MESSAGES.notFound);
      }
      return ownPost(userId, id);
    },

    async setVisibilityOfAll(user: ProfileRow, isVisible: boolean) {
      if (!getPlanCapabilities(subscriptionStatusAt(user, clock.now())).changePostVisibility) {
        throw new AppError("subscription_required", POST_MESSAGES.subscriptionRequired);
      }
      return { updated: await postsRepo.setVisibilityOfAll(user.id, isVisible) };
    },

    async delete(userId: string, id: string) {
      const { deleted, files } = await deletePostsIn(transact, (r) => r.posts.deletePosts({ userId, id }));
      if (deleted === 0) throw new AppError("not_found", POST_MESSAGES.notFound);
      await uploads.removeFiles(files);
    },

    /** The data cleanup: posts with no search or view since `before`. */
    findInactive: (before: Date, limit: number) => cleanupRepo.findInactive(before, limit),

    /**
     * Deletes those of `ids` still inactive, with their unused uploads, as a member's own deletion does;
     * `inTransaction` runs with what went, in the same transaction; the files go once it has committed.
     */
    async deleteInactive(ids: string[], before: Date, inTransaction: InTransaction) {
      const { deleted, files } = await transact(async (tx) => {
        const result = await deletePostsIn(transactOn(tx), (r) => r.cleanup.deleteInactive(ids, before));
        await inTransaction(tx, result.deleted);
        return result;
      });
      await uploads.removeFiles(files);
      return deleted.length;
    },

    async deleteAll(userId: string) {
      const { deleted, files } = await deletePostsIn(transact, (r) => r.posts.deletePosts({ userId }));
      await uploads.removeFiles(files);
      return { deleted };
    },

    /**
     * One report per member per post, with an optional reason. Every report is kept, but only one from a member
     * whose e-mail is verified and whose account is old enough counts toward the automatic action (decided now,
     * for good). The report that brings the counted reports to the admin-set threshold (when enabled) runs the
     * auto-action at once — the scheduled job is the backstop; `removed` says the post no longer shows (hidden
     * pending review or deleted). For a member its owner blocked the post does not exist, so it is not found.
     */
    async report(
      reporter: Pick<ProfileRow, "id" | "emailVerified" | "createdAt">,
      id: string,
      reason?: ReportReason,
    ) {
      const post = await postsRepo.findVisible(id);
      if (!post || (post.userId !== reporter.id && (await isBlocked(post.userId, reporter.id)))) {
        throw new AppError("not_found", POST_MESSAGES.notFound);
      }
      if (post.userId === reporter.id) throw new AppError("validation", POST_MESSAGES.ownPost);
      const now = clock.now();
      const counted = reportCounts(reporter, now, reportMinAccountAgeHours);
      const { isNew, countedReports } = await reportsRepo.addReport({
        postId: id,
        reporterId: reporter.id,
        reason: reason ?? null,
        counted,
        createdAt: now,
      });
      if (!isNew) throw new AppError("conflict", POST_MESSAGES.alreadyReported);
      await countReport(counted);
      const { autoDeleteEnabled, autoDeleteThreshold } = await settings.reports();
      if (!autoDeleteEnabled || countedReports < autoDeleteThreshold)
        return { reported: true as const, removed: false };
      await applyReportAutoAction();
      return { reported: true as const, removed: !(await postsRepo.findVisible(id)) };
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
