import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { ADMIN_LIST_SORTS, AdminListQuery } from "#contract/api/admin.ts";
import { nameKey } from "#contract/names.ts";
import type { Database } from "#server/db/client.ts";
import { byText, type SortColumn } from "#server/db/list-sort.ts";
import { countRows, cursorAt, paginate } from "#server/db/paginate.ts";
import { postNameKey, postReports, profiles, searchAnalytics, taggedPosts } from "#server/db/schema/index.ts";
import { viewerKey } from "#server/modules/analytics/viewer-key.ts";
import { deletePostsWhere } from "./post-deletion.ts";
import { createPostReportsRepository } from "./post-reports.repository.ts";
import { createdDaySearch, ownerTaggSearch, postIdStarts } from "./posts-admin-search.ts";
import { createPostsCleanupRepository } from "./posts-cleanup.repository.ts";

const reportCount = sql<number>`(
  select count(*)::int from ${postReports} where ${postReports.postId} = "tagged_posts"."id"
)`;

const uniqueViewCount = sql<number>`(
  select count(distinct ${viewerKey})::int from ${searchAnalytics}
  where ${searchAnalytics.postId} = "tagged_posts"."id" and ${searchAnalytics.action} = 'view'
)`;

/** A member's posts (names, creating, reading, their choices, deleting) and the admin Tagged Posts list. */
export function createPostsRepository(db: Database) {
  return {
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
        .where(and(eq(taggedPosts.userId, userId), isNull(taggedPosts.removedAt)))
        .orderBy(desc(taggedPosts.createdAt), desc(taggedPosts.id));
    },

    async findOwnWithViews(id: string, userId: string) {
      const [row] = await db
        .select({ post: taggedPosts, uniqueViewCount })
        .from(taggedPosts)
        .where(and(eq(taggedPosts.id, id), eq(taggedPosts.userId, userId), isNull(taggedPosts.removedAt)))
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
        .where(and(eq(taggedPosts.id, id), eq(taggedPosts.userId, userId), isNull(taggedPosts.removedAt)))
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
     * Deletes posts (one, or all of a member's); answers how many, and the originals no remaining post uses
     * (their uploads go in the same transaction, through the uploads module).
     */
    async deletePosts(where: { userId: string; id?: string }) {
      const { deleted, unusedOriginals } = await deletePostsWhere(
        db,
        where.id
          ? and(eq(taggedPosts.id, where.id), eq(taggedPosts.userId, where.userId))
          : eq(taggedPosts.userId, where.userId),
      );
      return { deleted: deleted.length, unusedOriginals };
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
        // A post removed by moderation waits for its appeal window out of every list.
        filter: isNull(t.removedAt),
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
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;

/** The posts module's repositories, each built on the same database handle (the app's, or a transaction). */
export const createPostsRepositories = (db: Database) => ({
  posts: createPostsRepository(db),
  reports: createPostReportsRepository(db),
  cleanup: createPostsCleanupRepository(db),
});

export type PostsRepositories = ReturnType<typeof createPostsRepositories>;
