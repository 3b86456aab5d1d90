import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import { nameKey } from "#contract/names.ts";
import type { Database } from "#server/db/client.ts";
import type { InactivePage, InactiveRow } from "#server/db/inactive.ts";
import { postReports, searchAnalytics, taggedPosts, uploads } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";
import { viewerKey } from "#server/modules/analytics/viewer-key.ts";

/** `nameKey` in SQL: the expression of the unique index post names are compared by. */
const postNameKey = sql`lower(btrim(${taggedPosts.postName}))`;

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

    async findVisible(id: string) {
      const [row] = await db
        .select()
        .from(taggedPosts)
        .where(and(eq(taggedPosts.id, id), eq(taggedPosts.isVisible, true)))
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

    async setVisibilityOfAll(userId: string, isVisible: boolean) {
      const rows = await db
        .update(taggedPosts)
        .set({ isVisible })
        .where(eq(taggedPosts.userId, userId))
        .returning({ id: taggedPosts.id });
      return rows.length;
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

    /** Records a report once per member; answers whether it was new and the post's report count. */
    async addReport(postId: string, reporterId: string) {
      const inserted = await db
        .insert(postReports)
        .values({ postId, reporterId })
        .onConflictDoNothing()
        .returning({ id: postReports.id });
      const [total] = await db.select({ n: count() }).from(postReports).where(eq(postReports.postId, postId));
      return { isNew: inserted.length > 0, reports: total?.n ?? 0 };
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
