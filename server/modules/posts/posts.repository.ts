import { and, asc, between, count, desc, eq, gte, ilike, inArray, lt, max, type SQL, sql } from "drizzle-orm";
import type { ADMIN_LIST_SORTS, AdminListQuery } from "#contract/api/admin.ts";
import type { ReportReason } from "#contract/api/posts.ts";
import { REPORT_BURST } from "#contract/limits.ts";
import { nameKey } from "#contract/names.ts";
import type { Database } from "#server/db/client.ts";
import type { InactivePage, InactiveRow } from "#server/db/inactive.ts";
import { fullName, type SearchCondition, taggSearch } from "#server/db/list-search.ts";
import { byText, type SortColumn } from "#server/db/list-sort.ts";
import { countRows, cursorAt, paginate } from "#server/db/paginate.ts";
import { postReports, profiles, searchAnalytics, taggedPosts, uploads } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";
import { viewerKey } from "#server/modules/analytics/viewer-key.ts";

/** `nameKey` in SQL: the expression of the unique index post names are compared by. */
const postNameKey = sql`lower(btrim(${taggedPosts.postName}))`;

const reportCount = sql<number>`(
  select count(*)::int from ${postReports} where ${postReports.postId} = "tagged_posts"."id"
)`;

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

/** The UTC creation day as text ("2026-11-23"), so an admin search for a date (or a month) finds its posts. */
const createdDay = sql`to_char(${taggedPosts.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

const UUID_TEMPLATE = "00000000-0000-0000-0000-000000000000";

/**
 * Admin search, post id: the ids that start with the term (how an id is pasted or typed), as a range of the
 * primary key. A term that is not the start of an id's text form matches none.
 */
const postIdStarts: SearchCondition = (term) => {
  const start = term.toLowerCase();
  const shaped = [...start].every((c, i) =>
    UUID_TEMPLATE[i] === "-" ? c === "-" : i < UUID_TEMPLATE.length && /[0-9a-f]/.test(c),
  );
  if (!shaped) return undefined;
  const low = start + UUID_TEMPLATE.slice(start.length);
  const high = start + UUID_TEMPLATE.slice(start.length).replaceAll("0", "f");
  return between(taggedPosts.id, low, high);
};

/** Owners found by a tagg search up to which the list asks for their posts by id (else it joins on the tagg). */
const OWNER_LIST_MAX = 1_000;

/**
 * Admin search, the owner's tagg, with or without its "@". A few owners match: their posts by owner id (the
 * owner index answers it). Many match: the join's tagg column, which the newest-first scan checks as it goes and
 * soon fills a page with. A term a tagg cannot contain matches none.
 */
const ownerTaggSearch =
  (db: Database): SearchCondition =>
  async (typed) => {
    // A tagg as the tables show it ("@bea") or as typed ("bea").
    const term = typed.replace(/^@/, "");
    if (!/^[a-z0-9_]+$/i.test(term)) return undefined;
    const pattern = `%${term.replaceAll("_", "\\_")}%`;
    const owners = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(ilike(profiles.tagg, pattern))
      .limit(OWNER_LIST_MAX + 1);
    if (owners.length === 0) return undefined;
    if (owners.length > OWNER_LIST_MAX) return ilike(profiles.tagg, pattern);
    return inArray(
      taggedPosts.userId,
      owners.map((owner) => owner.id),
    );
  };

/**
 * Admin search, the UTC creation day as "YYYY-MM-DD". Only digits and dashes can occur in it. A term starting
 * with a year can only be the start of the day (four digits in a row occur nowhere else), so the year, month or
 * day it names bounds created_at and the index narrows the rows; the text comparison keeps the match exact.
 */
const createdDaySearch: SearchCondition = (term, pattern) => {
  if (!/^[0-9-]+$/.test(term)) return undefined;
  const text = sql`${createdDay} ilike ${pattern}`;
  const named = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(term);
  if (!named) return text;
  const [year, month, day] = [Number(named[1]), named[2] && Number(named[2]), named[3] && Number(named[3])];
  const from = new Date(Date.UTC(year, month ? month - 1 : 0, day || 1));
  const until = new Date(
    Date.UTC(year + (month ? 0 : 1), month ? month - 1 + (day ? 0 : 1) : 0, day ? day + 1 : 1),
  );
  // "2026-13" or "2026-02-30" names no day: nothing matches.
  if (!from.toISOString().startsWith(named[0])) return undefined;
  return and(gte(taggedPosts.createdAt, from), lt(taggedPosts.createdAt, until), text);
};

const uniqueViewCount = sql<number>`(
  select count(distinct ${viewerKey})::int from ${searchAnalytics}
  where ${searchAnalytics.postId} = "tagged_posts"."id" and ${searchAnalytics.action} = 'view'
)`;

/**
 * A post's last activity: its creation, or the newest search or view recorded on it since. Searches count as
 * well as views: a post people still find by name is not forgotten.
 */
const lastActivity = sql<Date>`greatest(${taggedPosts.createdAt}, (
  select max(${searchAnalytics.createdAt}) from ${searchAnalytics}
  where ${searchAnalytics.postId} = "tagged_posts"."id"
))`.mapWith(taggedPosts.createdAt);

export function createPostsRepository(db: Database) {
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

  /**
   * Deletes the posts `where` picks and the uploads no remaining post uses, in one transaction; answers the
   * deleted posts and the file paths to remove from storage afterwards.
   */
  function deleteWhere(where: SQL | undefined) {
    return withTransaction(db, async (tx) => {
      const deleted = await tx.delete(taggedPosts).where(where).returning({
        id: taggedPosts.id,
        postName: taggedPosts.postName,
        originalImage: taggedPosts.originalImage,
        createdAt: taggedPosts.createdAt,
      });
      const originals = [...new Set(deleted.map((post) => post.originalImage))];
      if (originals.length === 0) return { deleted, files: [] as string[] };
      const stillUsed = await tx
        .select({ originalImage: taggedPosts.originalImage })
        .from(taggedPosts)
        .where(inArray(taggedPosts.originalImage, originals));
      const unused = originals.filter((path) => !stillUsed.some((row) => row.originalImage === path));
      const removed =
        unused.length === 0
          ? []
          : await tx.delete(uploads).where(inArray(uploads.originalPath, unused)).returning();
      const files = removed.flatMap((upload) =>
        [upload.originalPath, upload.scrambledPath, upload.thumbnailPath].filter((p): p is string =>
          Boolean(p),
        ),
      );
      return { deleted, files };
    });
  }

  return {
    /** Posts with no activity since `before`, longest inactive first, named by their post name. */
    async findInactive(before: Date, limit: number): Promise<InactivePage> {
      const where = lt(lastActivity, before);
      const [rows, total] = await Promise.all([
        db
          .select({ id: taggedPosts.id, identifier: taggedPosts.postName, lastActivity })
          .from(taggedPosts)
          .where(where)
          .orderBy(asc(lastActivity), asc(taggedPosts.id))
          .limit(limit),
        db.select({ n: count() }).from(taggedPosts).where(where),
      ]);
      return { items: rows, total: total[0]?.n ?? 0 };
    },

    /** Deletes those of `ids` still inactive since `before` (a post found or viewed since stays). */
    async deleteInactive(ids: string[], before: Date): Promise<{ deleted: InactiveRow[]; files: string[] }> {
      const { deleted, files } = await deleteWhere(
        and(inArray(taggedPosts.id, ids), lt(lastActivity, before)),
      );
      return {
        deleted: deleted.map((post) => ({
          id: post.id,
          identifier: post.postName,
          lastActivity: post.createdAt,
        })),
        files,
      };
    },

    /** Which of these names are taken (as their keys). */
    async takenNameKeys(names: string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      const rows = await db
        .select({ key: sql<string>`${postNameKey}` })
        .from(taggedPosts)
        .where(inArray(postNameKey, names.map(nameKey)));
      return new Set(rows.map((row) => row.key));
    },

    async insert(values: typeof taggedPosts.$inferInsert) {
      const [row] = await db.insert(taggedPosts).values(values).returning();
      if (!row) throw new Error("post insert returned nothing");
      return row;
    },

    async listOwn(userId: string) {
      return db
        .select({ post: taggedPosts, uniqueViewCount })
        .from(taggedPosts)
        .where(eq(taggedPosts.userId, userId))
        .orderBy(desc(taggedPosts.createdAt), desc(taggedPosts.id));
    },

    async findOwnWithViews(id: string, userId: string) {
      const [row] = await db
        .select({ post: taggedPosts, uniqueViewCount })
        .from(taggedPosts)
        .where(and(eq(taggedPosts.id, id), eq(taggedPosts.userId, userId)))
        .limit(1);
      return row;
    },

    async findById(id: string) {
      const [row] = await db.select().from(taggedPosts).where(eq(taggedPosts.id, id)).limit(1);
      return row;
    },

    /** The post, when others may see it: its owner shows it and moderation does not hold it. */
    async findVisible(id: string) {
      const [row] = await db
        .select()
        .from(taggedPosts)
        .where(
          and(eq(taggedPosts.id, id), eq(taggedPosts.isVisible, true), eq(taggedPosts.heldForReview, false)),
        )
        .limit(1);
      return row;
    },

    async setScramble(id: string, userId: string, scrambleImage: boolean) {
      const [row] = await db
        .update(taggedPosts)
        .set({ scrambleImage })
        .where(and(eq(taggedPosts.id, id), eq(taggedPosts.userId, userId)))
        .returning({ id: taggedPosts.id });
      return row;
    },

    /**
     * The owner's choice for all their posts. A post held for review takes it too but stays hidden until the
     * hold is lifted, then follows it; answers how many posts follow the choice now (those not held).
     */
    async setVisibilityOfAll(userId: string, isVisible: boolean) {
      const rows = await db
        .update(taggedPosts)
        .set({ isVisible })
        .where(eq(taggedPosts.userId, userId))
        .returning({ heldForReview: taggedPosts.heldForReview });
      return rows.filter((row) => !row.heldForReview).length;
    },

    /**
     * Deletes posts (one, or all of a member's) and the uploads no remaining post uses, in one transaction;
     * answers the file paths to remove from storage afterwards.
     */
    async deletePosts(where: { userId: string; id?: string }) {
      const { deleted, files } = await deleteWhere(
        where.id
          ? and(eq(taggedPosts.id, where.id), eq(taggedPosts.userId, where.userId))
          : eq(taggedPosts.userId, where.userId),
      );
      return { deleted: deleted.length, files };
    },

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
     * The admin Tagged posts list, newest first. A search matches the start of the post id, the owner's tagg,
     * the post name (anywhere, case-insensitive) or the UTC creation date as "YYYY-MM-DD" (anywhere in it).
     * Each place has a condition an index answers, so a search over a million posts stays fast (decision 024).
     */
    adminList(query: AdminListQuery) {
      const t = taggedPosts;
      return paginate({
        db,
        name: "admin_tagged_posts",
        query,
        keys: { createdAt: t.createdAt, id: t.id },
        sorts: { createdAt: [], postName: [byText(t.postName)] } satisfies Record<
          (typeof ADMIN_LIST_SORTS.taggedPosts)[number],
          SortColumn
        >,
        searchIn: [postIdStarts, ownerTaggSearch(db), t.postName, createdDaySearch],
        // Only what the list shows: a page of 50 reads and maps no column it drops.
        rows: (where, limit, order) =>
          db
            .select({
              id: t.id,
              postName: t.postName,
              originalImage: t.originalImage,
              scrambledImage: t.scrambledImage,
              scrambleImage: t.scrambleImage,
              hidePersonalInfo: t.hidePersonalInfo,
              isVisible: t.isVisible,
              heldForReview: t.heldForReview,
              createdAt: t.createdAt,
              userTagg: profiles.tagg,
              userEmail: profiles.email,
              reportCount,
              cursorAt: cursorAt(t.createdAt),
              cursorSort: order.cursorSort,
            })
            .from(t)
            .innerJoin(profiles, eq(profiles.id, t.userId))
            .where(where)
            .orderBy(...order.by)
            .limit(limit),
        countUpTo: (where, upTo) =>
          countRows(
            db,
            db
              .select({ one: sql`1` })
              .from(t)
              .innerJoin(profiles, eq(profiles.id, t.userId))
              .where(where)
              .limit(upTo)
              .as("matches"),
          ),
      });
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

    /** Deletes a post's reports; answers how many there were. */
    async clearReports(postId: string) {
      const rows = await db
        .delete(postReports)
        .where(eq(postReports.postId, postId))
        .returning({ id: postReports.id });
      return rows.length;
    },

    /**
     * Lifts the hold of a post held for review: it shows again if its owner shows it. Answers whether there was
     * a hold to lift.
     */
    async release(id: string) {
      const rows = await db
        .update(taggedPosts)
        .set({ heldForReview: false })
        .where(and(eq(taggedPosts.id, id), eq(taggedPosts.heldForReview, true)))
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
        .where(inArray(taggedPosts.id, postsCountedAtLeast(db, threshold)));
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
