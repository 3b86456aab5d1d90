import { and, count, eq, inArray, isNotNull, isNull, max, min, sql } from "drizzle-orm";
import type { ADMIN_LIST_SORTS, AdminListQuery } from "#contract/api/admin.ts";
import type { ReportReason } from "#contract/api/posts.ts";
import { REPORT_BURST } from "#contract/limits.ts";
import type { Database } from "#server/db/client.ts";
import { fullName, taggSearch } from "#server/db/list-search.ts";
import { byText, type SortColumn } from "#server/db/list-sort.ts";
import { countRows, cursorAt, paginate } from "#server/db/paginate.ts";
import { blocks, postReports, profiles, taggedPosts } from "#server/db/schema/index.ts";

/** A post's reports that count toward the automatic action (decision 049), in a query grouped by post. */
const countedReports = sql<number>`(count(*) filter (where ${postReports.counted}))::int`;

/** The posts with at least `threshold` reports that count toward the automatic action. */
const postsCountedAtLeast = (db: Database, threshold: number) =>
  db
    .select({ id: postReports.postId })
    .from(postReports)
    .where(eq(postReports.counted, true))
    .groupBy(postReports.postId)
    .having(sql`count(*) >= ${threshold}`);

/** The advisory lock key of the report auto-action: one run at a time across every instance. */
const AUTO_ACTION_LOCK = 7_301_013;

/** Reports of posts: recording them, the admin report queue, and the automatic action's hold of reported posts. */
export function createPostReportsRepository(db: Database) {
  /** For each post, how many of its reports gave each reason ("none" for no reason). */
  async function reasonCounts(postIds: string[]) {
    const result = new Map<string, Partial<Record<ReportReason | "none", number>>>();
    if (postIds.length === 0) return result;
    const rows = await db
      .select({ postId: postReports.postId, reason: postReports.reason, n: count() })
      .from(postReports)
      .where(inArray(postReports.postId, postIds))
      .groupBy(postReports.postId, postReports.reason);
    for (const row of rows) {
      const counts = result.get(row.postId) ?? {};
      counts[row.reason ?? "none"] = row.n;
      result.set(row.postId, counts);
    }
    return result;
  }

  /**
   * For each post that has a burst, the size of its largest: the post's reports from accounts less than
   * REPORT_BURST.newAccountDays old when they reported, grouped by accounts created within
   * REPORT_BURST.windowMinutes of each other (from each such account's creation on), flagged when a group holds at
   * least REPORT_BURST.minAccounts (decision 049).
   */
  async function burstSizes(postIds: string[]) {
    const result = new Map<string, number>();
    if (postIds.length === 0) return result;
    const { minAccounts, windowMinutes, newAccountDays } = REPORT_BURST;
    const reporter = profiles;
    // The constants are integers of ours, written into the SQL as interval literals.
    const windowed = db
      .select({
        postId: postReports.postId,
        accounts: sql<number>`(count(*) over (
          partition by ${postReports.postId} order by ${reporter.createdAt}
          range between current row and ${sql.raw(`interval '${windowMinutes} minutes'`)} following
        ))::int`.as("accounts"),
      })
      .from(postReports)
      .innerJoin(reporter, eq(reporter.id, postReports.reporterId))
      .where(
        and(
          inArray(postReports.postId, postIds),
          sql`${postReports.createdAt} < ${reporter.createdAt} + ${sql.raw(`interval '${newAccountDays} days'`)}`,
        ),
      )
      .as("windowed");
    const rows = await db
      .select({ postId: windowed.postId, accounts: sql<number>`max(${windowed.accounts})::int` })
      .from(windowed)
      .groupBy(windowed.postId)
      .having(sql`max(${windowed.accounts}) >= ${minAccounts}`);
    for (const row of rows) result.set(row.postId, row.accounts);
    return result;
  }

  return {
    /**
     * Records a report once per member, with whether it counts toward the automatic action; answers whether it
     * was new and how many of the post's reports count.
     */
    async addReport(report: {
      postId: string;
      reporterId: string;
      reason: ReportReason | null;
      counted: boolean;
      createdAt: Date;
    }) {
      const inserted = await db
        .insert(postReports)
        .values(report)
        .onConflictDoNothing()
        .returning({ id: postReports.id });
      const [total] = await db
        .select({ n: count() })
        .from(postReports)
        .where(and(eq(postReports.postId, report.postId), eq(postReports.counted, true)));
      return { isNew: inserted.length > 0, countedReports: total?.n ?? 0 };
    },

    /**
     * The report queue: posts with at least one report, in triage order unless sorted otherwise — those hidden
     * pending review first, then those with the most reports that count toward the automatic action, then the
     * most recently reported; with how many reports, how many of them count, of which reasons, and the size of
     * a burst of new accounts among the reporters. Never who reported. A search matches the post id, name,
     * owner e-mail, owner tagg (with or without "@") or owner full name.
     */
    async reportedList(query: AdminListQuery) {
      const reported = db
        .select({
          postId: postReports.postId,
          reportCount: sql<number>`count(*)::int`.as("report_count"),
          countedReports: countedReports.as("counted_reports"),
          lastReportedAt: max(postReports.createdAt).as("last_reported_at"),
        })
        .from(postReports)
        .groupBy(postReports.postId)
        .as("reported");
      const t = taggedPosts;
      const lastAt = sql`${reported.lastReportedAt}`;
      const page = await paginate({
        db,
        name: "admin_reported_posts",
        query,
        keys: { createdAt: lastAt, id: t.id },
        defaultSort: [
          { by: sql`(${t.heldForReview})::int`, type: "int" },
          { by: sql`${reported.countedReports}`, type: "int" },
        ],
        sorts: {
          postName: [byText(t.postName)],
          userEmail: [byText(profiles.email)],
          countedReports: [{ by: sql`${reported.countedReports}`, type: "int" }],
          lastReportedAt: [],
        } satisfies Record<(typeof ADMIN_LIST_SORTS.reportedPosts)[number], SortColumn>,
        searchIn: [
          sql`${t.id}::text`,
          t.postName,
          profiles.email,
          taggSearch(profiles.tagg),
          fullName(profiles.firstName, profiles.lastName),
        ],
        rows: (where, limit, order) =>
          db
            .select({
              id: t.id,
              postName: t.postName,
              userEmail: profiles.email,
              isVisible: t.isVisible,
              heldForReview: t.heldForReview,
              reportCount: reported.reportCount,
              countedReports: reported.countedReports,
              lastReportedAt: sql<string>`${cursorAt(lastAt)}`,
              cursorAt: cursorAt(lastAt),
              cursorSort: order.cursorSort,
            })
            .from(reported)
            .innerJoin(t, eq(t.id, reported.postId))
            .innerJoin(profiles, eq(profiles.id, t.userId))
            .where(where)
            .orderBy(...order.by)
            .limit(limit),
        countUpTo: (where, upTo) =>
          countRows(
            db,
            db
              .select({ one: sql`1` })
              .from(reported)
              .innerJoin(t, eq(t.id, reported.postId))
              .innerJoin(profiles, eq(profiles.id, t.userId))
              .where(where)
              .limit(upTo)
              .as("matches"),
          ),
      });
      const ids = page.items.map((row) => row.id);
      const [reasons, bursts] = await Promise.all([reasonCounts(ids), burstSizes(ids)]);
      return {
        ...page,
        items: page.items.map((row) => ({
          ...row,
          reasons: reasons.get(row.id) ?? {},
          burstAccounts: bursts.get(row.id) ?? null,
        })),
      };
    },

    async reportCount(postId: string) {
      const [row] = await db.select({ n: count() }).from(postReports).where(eq(postReports.postId, postId));
      return row?.n ?? 0;
    },

    /**
     * The members whose report of a post counted toward the automatic action, leaving out those its owner now
     * blocks: for a blocked member the owner's posts do not exist, so no outcome about one reaches them.
     */
    async countedReporters(postId: string, ownerId: string) {
      const rows = await db
        .select({ reporterId: postReports.reporterId })
        .from(postReports)
        .where(
          and(
            eq(postReports.postId, postId),
            eq(postReports.counted, true),
            sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${ownerId} and ${blocks.blockedId} = ${postReports.reporterId})`,
          ),
        );
      return rows.map((row) => row.reporterId);
    },

    /** Deletes a post's reports; answers how many there were. */
    async clearReports(postId: string) {
      const rows = await db
        .delete(postReports)
        .where(eq(postReports.postId, postId))
        .returning({ id: postReports.id });
      return rows.length;
    },

    /** How many of the post's reports count toward the automatic action. */
    async countedReportCount(postId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(postReports)
        .where(and(eq(postReports.postId, postId), eq(postReports.counted, true)));
      return row?.n ?? 0;
    },

    /** When the post was first reported; null when it has no reports. */
    async firstReportedAt(postId: string) {
      const [row] = await db
        .select({ at: min(postReports.createdAt) })
        .from(postReports)
        .where(eq(postReports.postId, postId));
      return row?.at ?? null;
    },

    /**
     * An administrator holds a post for review (hidden, whatever its owner chose). Answers whether it was held now
     * (false when it already was, or was removed).
     */
    async hold(id: string) {
      const rows = await db
        .update(taggedPosts)
        .set({ heldForReview: true })
        .where(
          and(eq(taggedPosts.id, id), eq(taggedPosts.heldForReview, false), isNull(taggedPosts.removedAt)),
        )
        .returning({ id: taggedPosts.id });
      return rows.length > 0;
    },

    /**
     * Removes a post by moderation: hidden from everyone, its owner included, and kept as it is so that a reversed
     * appeal can give it back. Answers whether it was removed now (false when it already was).
     */
    async markRemoved(id: string, at: Date) {
      const rows = await db
        .update(taggedPosts)
        .set({ removedAt: at, heldForReview: true })
        .where(and(eq(taggedPosts.id, id), isNull(taggedPosts.removedAt)))
        .returning({ id: taggedPosts.id });
      return rows.length > 0;
    },

    /** Gives a removed post back as its owner had it (shown again if its owner shows it). */
    async restoreRemoved(id: string) {
      const rows = await db
        .update(taggedPosts)
        .set({ removedAt: null, heldForReview: false })
        .where(and(eq(taggedPosts.id, id), isNotNull(taggedPosts.removedAt)))
        .returning({ id: taggedPosts.id });
      return rows.length > 0;
    },

    /**
     * Lifts the hold of a post held for review: it shows again if its owner shows it. Answers whether there was
     * a hold to lift.
     */
    async release(id: string) {
      const rows = await db
        .update(taggedPosts)
        .set({ heldForReview: false })
        .where(
          and(eq(taggedPosts.id, id), eq(taggedPosts.heldForReview, true), isNull(taggedPosts.removedAt)),
        )
        .returning({ id: taggedPosts.id });
      return rows.length > 0;
    },

    /**
     * Holds for review (hidden, whatever its owner chose) every post with at least `threshold` counted reports
     * not held yet, in one conditional UPDATE: a post another run (or instance) held meanwhile no longer matches, so each
     * post is held, and answered, exactly once. The owner's own choice is kept for when the hold is lifted.
     */
    async holdReportedAtLeast(threshold: number) {
      return db
        .update(taggedPosts)
        .set({ heldForReview: true })
        .where(
          and(
            eq(taggedPosts.heldForReview, false),
            isNull(taggedPosts.removedAt),
            inArray(taggedPosts.id, postsCountedAtLeast(db, threshold)),
          ),
        )
        .returning({ id: taggedPosts.id, userId: taggedPosts.userId, postName: taggedPosts.postName });
    },

    /**
     * Takes the report auto-action's advisory lock until the surrounding transaction ends, waiting for a run
     * in progress on any instance (PostgreSQL and PGlite alike). Call it on a transaction.
     */
    async lockAutoAction() {
      await db.execute(sql`select pg_advisory_xact_lock(${AUTO_ACTION_LOCK})`);
    },

    /** Posts (visible or hidden pending review) with at least `threshold` counted reports. */
    async reportedAtLeast(threshold: number) {
      return db
        .select({ id: taggedPosts.id, userId: taggedPosts.userId, postName: taggedPosts.postName })
        .from(taggedPosts)
        .where(
          and(isNull(taggedPosts.removedAt), inArray(taggedPosts.id, postsCountedAtLeast(db, threshold))),
        );
    },
  };
}

export type PostReportsRepository = ReturnType<typeof createPostReportsRepository>;
