import { and, asc, count, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import type { InactivePage, InactiveRow } from "#server/db/inactive.ts";
import { searchAnalytics, taggedPosts } from "#server/db/schema/index.ts";
import { deletePostsWhere } from "./post-deletion.ts";

/**
 * A post's last activity: its creation, or the newest search or view recorded on it since. Searches count as
 * well as views: a post people still find by name is not forgotten.
 */
const lastActivity = sql<Date>`greatest(${taggedPosts.createdAt}, (
  select max(${searchAnalytics.createdAt}) from ${searchAnalytics}
  where ${searchAnalytics.postId} = "tagged_posts"."id"
))`.mapWith(taggedPosts.createdAt);

/** The data cleanup's queries of posts: which are inactive, and deleting them. */
export function createPostsCleanupRepository(db: Database) {
  return {
    /** Posts with no activity since `before`, longest inactive first, named by their post name. */
    async findInactive(before: Date, limit: number): Promise<InactivePage> {
      // A post removed by moderation is deleted when its appeal window closes, not by the cleanup.
      const where = and(lt(lastActivity, before), isNull(taggedPosts.removedAt));
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

    /**
     * Deletes those of `ids` still inactive since `before` (a post found or viewed since stays); answers them and
     * the originals no remaining post uses.
     */
    async deleteInactive(
      ids: string[],
      before: Date,
    ): Promise<{ deleted: InactiveRow[]; unusedOriginals: string[] }> {
      const { deleted, unusedOriginals } = await deletePostsWhere(
        db,
        and(inArray(taggedPosts.id, ids), lt(lastActivity, before), isNull(taggedPosts.removedAt)),
      );
      return {
        deleted: deleted.map((post) => ({
          id: post.id,
          identifier: post.postName,
          lastActivity: post.createdAt,
        })),
        unusedOriginals,
      };
    },
  };
}

export type PostsCleanupRepository = ReturnType<typeof createPostsCleanupRepository>;
