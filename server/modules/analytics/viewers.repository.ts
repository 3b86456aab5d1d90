import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#server/db/client.ts";
import { blocks, profiles, searchAnalytics, taggedPosts } from "#server/db/schema/index.ts";
import { notOfBlocked } from "./analytics.repository.ts";
import { viewerKey } from "./viewer-key.ts";

const visitor = alias(profiles, "visitor");

/**
 * Who viewed an owner's posts: a post's viewers, the counts of unique viewers, the owner's most viewed post, and
 * the public profile of a viewer who saw openly.
 */
export function createViewersRepository(db: Database) {
  return {
    /**
     * The post whose viewers `callerId` asks for: its owner and name, and whether the caller may see the post
     * at all (shown, not held for review, and its owner has not blocked them).
     */
    async findPost(postId: string, callerId: string) {
      const [row] = await db
        .select({
          userId: taggedPosts.userId,
          postName: taggedPosts.postName,
          seen: sql<boolean>`${taggedPosts.isVisible} and not ${taggedPosts.heldForReview} and not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${taggedPosts.userId} and ${blocks.blockedId} = ${callerId})`,
        })
        .from(taggedPosts)
        .where(eq(taggedPosts.id, postId))
        .limit(1);
      return row;
    },

    /** What another member may see of a viewer: names, tagg and public profile, never the e-mail. */
    async findViewer(viewerId: string) {
      const [row] = await db
        .select({
          firstName: profiles.firstName,
          lastName: profiles.lastName,
          tagg: profiles.tagg,
          bio: profiles.bio,
          profilePictureUrl: profiles.profilePictureUrl,
          socialLinks: profiles.socialLinks,
        })
        .from(profiles)
        .where(eq(profiles.id, viewerId))
        .limit(1);
      return row;
    },

    /** Viewers of one post: named visitors by member id, anonymous ones by pseudonym (never merged). */
    async viewersOf(postId: string) {
      const rows = await db
        .select({
          visitorId: searchAnalytics.visitorId,
          firstName: visitor.firstName,
          lastName: visitor.lastName,
          tagg: visitor.tagg,
          profilePictureUrl: visitor.profilePictureUrl,
          viewCount: sql<number>`count(*)::int`,
          lastViewed: sql<Date>`max(${searchAnalytics.createdAt})`,
        })
        .from(searchAnalytics)
        .leftJoin(visitor, eq(visitor.id, searchAnalytics.visitorId))
        .where(and(eq(searchAnalytics.postId, postId), eq(searchAnalytics.action, "view"), notOfBlocked))
        .groupBy(
          viewerKey,
          searchAnalytics.visitorId,
          visitor.firstName,
          visitor.lastName,
          visitor.tagg,
          visitor.profilePictureUrl,
        )
        .orderBy(sql`max(${searchAnalytics.createdAt}) desc`);
      return rows;
    },

    /** Distinct visitors across all of an owner's posts. */
    async uniqueViewers(ownerId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${viewerKey})::int` })
        .from(searchAnalytics)
        .where(eq(searchAnalytics.targetUserId, ownerId));
      return row?.n ?? 0;
    },

    /** Whether this member ever viewed or searched one of the owner's posts while visible. */
    async sawOpenly(ownerId: string, viewerId: string) {
      const [row] = await db
        .select({ id: searchAnalytics.id })
        .from(searchAnalytics)
        .where(
          and(
            eq(searchAnalytics.targetUserId, ownerId),
            eq(searchAnalytics.visitorId, viewerId),
            isNotNull(searchAnalytics.visitorId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /**
     * The most signed-in members (named or anonymous) who viewed any one of the owner's posts. Visitors who
     * were not signed in are left out: anyone can fake those by changing their connection.
     */
    async mostMemberViewersOnAPost(ownerId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${viewerKey})::int` })
        .from(searchAnalytics)
        .where(
          and(
            eq(searchAnalytics.targetUserId, ownerId),
            eq(searchAnalytics.action, "view"),
            isNotNull(searchAnalytics.postId),
            eq(searchAnalytics.guest, false),
          ),
        )
        .groupBy(searchAnalytics.postId)
        .orderBy(sql`count(distinct ${viewerKey}) desc`)
        .limit(1);
      return row?.n ?? 0;
    },

    /** The owner's post with the most unique viewers (ties: newest first). */
    async highestViewed(ownerId: string) {
      const [row] = await db
        .select({
          id: taggedPosts.id,
          postName: taggedPosts.postName,
          originalImage: taggedPosts.originalImage,
          uniqueViewCount: sql<number>`count(distinct ${viewerKey})::int`,
        })
        .from(searchAnalytics)
        .innerJoin(taggedPosts, eq(taggedPosts.id, searchAnalytics.postId))
        .where(and(eq(searchAnalytics.targetUserId, ownerId), eq(searchAnalytics.action, "view")))
        .groupBy(taggedPosts.id)
        .orderBy(sql`count(distinct ${viewerKey}) desc`, desc(taggedPosts.createdAt))
        .limit(1);
      return row;
    },
  };
}

export type ViewersRepository = ReturnType<typeof createViewersRepository>;
