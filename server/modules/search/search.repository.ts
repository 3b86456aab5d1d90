import { and, desc, eq, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#server/db/client.ts";
import {
  blocks,
  postNameKey,
  profiles,
  searchAnalytics,
  taggedPosts,
  taggs,
} from "#server/db/schema/index.ts";

const owner = alias(profiles, "owner");
const RESULT_LIMIT = 50;
/** A uuid no member has, for a signed-out viewer in prepared queries (a uuid parameter cannot be text). */
const NO_VIEWER = "00000000-0000-0000-0000-000000000000";

const findableColumns = {
  post: taggedPosts,
  ownerTagg: owner.tagg,
  ownerFirstName: owner.firstName,
  ownerLastName: owner.lastName,
  ownerPicture: owner.profilePictureUrl,
};

/**
 * Visible posts (shown by their owner, not held for review) of owners who are not hidden and whose tagg (if any)
 * is not hidden.
 */
const findable = and(
  eq(taggedPosts.isVisible, true),
  eq(taggedPosts.heldForReview, false),
  eq(owner.isHidden, false),
  sql`not exists (select 1 from ${taggs} where ${taggs.tagg} = ${owner.tagg} and ${taggs.isHidden})`,
);

/**
 * Whether the owner blocked the viewer: then, for the viewer, the owner's posts do not exist. Answered beside
 * each row (one index probe in the search's own query) rather than filtered out, because a viewer who is
 * anonymous at that moment is still recorded at that owner (decision 072); the service drops these rows from
 * every answer.
 */
const ownerBlocks = (viewerId: SQL) =>
  sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockedId} = ${viewerId} and ${blocks.blockerId} = ${owner.id})`;
const viewer = sql.placeholder("viewerId");

/**
 * History entries: the event with its post (when it still exists), the post owner's names, and whether the
 * owner now blocks the member whose history it is.
 */
const selectHistory = (db: Database) =>
  db
    .select({
      event: searchAnalytics,
      post: taggedPosts,
      ownerFirstName: owner.firstName,
      ownerLastName: owner.lastName,
      ownerTagg: owner.tagg,
      ownerBlocksVisitor: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${searchAnalytics.targetUserId} and ${blocks.blockedId} = ${searchAnalytics.visitorId})`,
    })
    .from(searchAnalytics)
    .leftJoin(taggedPosts, eq(taggedPosts.id, searchAnalytics.postId))
    .leftJoin(owner, eq(owner.id, searchAnalytics.targetUserId));

export function createSearchRepository(db: Database) {
  const base = (viewerId: SQL) =>
    db
      .select({ ...findableColumns, ownerBlocksViewer: ownerBlocks(viewerId) })
      .from(taggedPosts)
      .innerJoin(owner, eq(owner.id, taggedPosts.userId));
  // The public search is the hottest anonymous path: both lookups are prepared.
  const byNameQuery = base(sql`${viewer}`)
    .where(and(findable, eq(postNameKey, sql.placeholder("nameKey"))))
    .limit(RESULT_LIMIT)
    .prepare("search_by_post_name");
  // A post that hides its owner's identity is never listed under that owner's tagg, except to the owner:
  // otherwise the tagg search alone would tie it to them.
  const byTaggQuery = base(sql`${viewer}`)
    .where(
      and(
        findable,
        eq(owner.tagg, sql.placeholder("taggKey")),
        or(eq(taggedPosts.hidePersonalInfo, false), eq(owner.id, viewer)),
      ),
    )
    .orderBy(desc(taggedPosts.createdAt))
    .limit(RESULT_LIMIT)
    .prepare("search_by_tagg");

  return {
    /**
     * Exact, case-insensitive matches on a post name (via its unique index) or an owner's tagg; by tagg, the
     * owner's `hidePersonalInfo` posts only when the viewer is that owner. Each row says whether its owner
     * blocked the viewer (one tagg is one owner and a name one post, so such rows never crowd others out).
     */
    async findExact(nameKey: string, taggKey: string | null, viewerId: string | null) {
      const viewerKey = viewerId ?? NO_VIEWER;
      const [byName, byTagg] = await Promise.all([
        byNameQuery.execute({ nameKey, viewerId: viewerKey }),
        taggKey ? byTaggQuery.execute({ taggKey, viewerId: viewerKey }) : Promise.resolve([]),
      ]);
      const seen = new Set<string>();
      return [...byName, ...byTagg].filter((row) => !seen.has(row.post.id) && seen.add(row.post.id));
    },

    /** What a search of a tagg by the viewer finds, before the service drops an owner who blocked them. */
    findByTagg: (taggKey: string, viewerId: string) => byTaggQuery.execute({ taggKey, viewerId }),

    /** A post others may see, and whether its owner blocked the viewer. */
    async findVisiblePost(postId: string, viewerId: string | null) {
      const [row] = await base(sql`${viewerId ?? NO_VIEWER}`)
        .where(and(findable, eq(taggedPosts.id, postId)))
        .limit(1);
      return row;
    },

    /** The owner of a tagg others may see, and whether they blocked the viewer. */
    async findVisibleOwnerByTagg(taggKey: string, viewerId: string | null) {
      const [row] = await db
        .select({ id: owner.id, ownerBlocksViewer: ownerBlocks(sql`${viewerId ?? NO_VIEWER}`) })
        .from(owner)
        .where(
          and(
            eq(owner.tagg, taggKey),
            eq(owner.isHidden, false),
            sql`not exists (select 1 from ${taggs} where ${taggs.tagg} = ${owner.tagg} and ${taggs.isHidden})`,
          ),
        )
        .limit(1);
      return row;
    },

    /** A member's own history: the events recorded with their name, newest first. */
    historyOf: (visitorId: string) =>
      selectHistory(db)
        .where(eq(searchAnalytics.visitorId, visitorId))
        .orderBy(desc(searchAnalytics.createdAt))
        .limit(500),

    /**
     * One page of a member's own history, with no limit on how far back: newest first, those after `after` in
     * that order. Event times are whole milliseconds (written from the app's clock), so a `Date` cursor is exact.
     */
    historyPage: (visitorId: string, after: { createdAt: Date; id: string } | undefined, limit: number) =>
      selectHistory(db)
        .where(
          and(
            eq(searchAnalytics.visitorId, visitorId),
            after &&
              or(
                lt(searchAnalytics.createdAt, after.createdAt),
                and(eq(searchAnalytics.createdAt, after.createdAt), lt(searchAnalytics.id, after.id)),
              ),
          ),
        )
        .orderBy(desc(searchAnalytics.createdAt), desc(searchAnalytics.id))
        .limit(limit),
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
export type FindableRow = Awaited<ReturnType<SearchRepository["findExact"]>>[number];
export type HistoryRow = Awaited<ReturnType<SearchRepository["historyOf"]>>[number];
