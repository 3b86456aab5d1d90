import { and, desc, eq, gte, inArray, isNotNull, isNull, notLike, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#server/db/client.ts";
import { type AnalyticsAction, profiles, searchAnalytics, taggedPosts } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";
import { GUEST_HASH_PREFIX } from "#server/lib/visitor-hash.ts";
import { viewerKey } from "./viewer-key.ts";

const visitor = alias(profiles, "visitor");
/** An event as it is recorded: every column but the id (each one given, so the prepared insert can take it). */
type NewEvent = Required<Omit<typeof searchAnalytics.$inferInsert, "id">>;
const OWNER_LIST_LIMIT = 500;

export function createAnalyticsRepository(db: Database) {
  /** An owner's events as their list shows them: with the visitor's tagg and picture and the post's images. */
  const selectOwnerEvents = () =>
    db
      .select({
        event: searchAnalytics,
        visitorTagg: visitor.tagg,
        visitorPicture: visitor.profilePictureUrl,
        originalImage: taggedPosts.originalImage,
        scrambledImage: taggedPosts.scrambledImage,
        scrambleImage: taggedPosts.scrambleImage,
      })
      .from(searchAnalytics)
      .leftJoin(taggedPosts, eq(taggedPosts.id, searchAnalytics.postId))
      .leftJoin(visitor, eq(visitor.id, searchAnalytics.visitorId));
  // The owner's list is read whenever it may have changed (a poll that finds no current tag): prepared.
  const ownerId = sql.placeholder("ownerId");
  const ownerEvents = selectOwnerEvents()
    .where(eq(searchAnalytics.targetUserId, ownerId))
    .orderBy(desc(searchAnalytics.createdAt), desc(searchAnalytics.id))
    .limit(OWNER_LIST_LIMIT)
    .prepare("owner_events");
  // Every search and view that finds something asks these two: prepared, so the query is built once.
  const lastSameEvent = db
    .select({ createdAt: searchAnalytics.createdAt })
    .from(searchAnalytics)
    .where(
      and(
        eq(searchAnalytics.visitorHash, sql.placeholder("visitorHash")),
        eq(searchAnalytics.action, sql.placeholder("action")),
        eq(searchAnalytics.searchTerm, sql.placeholder("searchTerm")),
      ),
    )
    .orderBy(desc(searchAnalytics.createdAt))
    .limit(1)
    .prepare("last_same_event");
  const insertOneEvent = db
    .insert(searchAnalytics)
    .values({
      targetUserId: sql.placeholder("targetUserId"),
      postId: sql.placeholder("postId"),
      postName: sql.placeholder("postName"),
      visitorId: sql.placeholder("visitorId"),
      visitorName: sql.placeholder("visitorName"),
      visitorHash: sql.placeholder("visitorHash"),
      action: sql.placeholder("action"),
      searchTerm: sql.placeholder("searchTerm"),
      ipAddress: sql.placeholder("ipAddress"),
      userAgent: sql.placeholder("userAgent"),
      createdAt: sql.placeholder("createdAt"),
    })
    .returning()
    .prepare("insert_one_event");
  return {
    async insert(rows: NewEvent[]) {
      if (rows.length === 0) return [];
      // Most searches find one owner's post: one row, through the prepared insert.
      if (rows.length === 1 && rows[0]) return insertOneEvent.execute(rows[0]);
      return db.insert(searchAnalytics).values(rows).returning();
    },

    /** When this visitor last recorded this term and action (for the 5-second duplicate window). */
    async lastSame(visitorHash: string, action: AnalyticsAction, searchTerm: string) {
      const [row] = await lastSameEvent.execute({ visitorHash, action, searchTerm });
      return row?.createdAt;
    },

    /** Events aimed at an owner, newest first, with the post's images and the visible visitor's avatar. */
    listForOwner: (ownerId: string) => ownerEvents.execute({ ownerId }),

    /** The owner's events created at or after `since`, newest first (a live stream resuming: decision 034). */
    listForOwnerSince: (ownerId: string, since: Date, limit: number) =>
      selectOwnerEvents()
        .where(and(eq(searchAnalytics.targetUserId, ownerId), gte(searchAnalytics.createdAt, since)))
        .orderBy(desc(searchAnalytics.createdAt), desc(searchAnalytics.id))
        .limit(limit),

    /** The owners with an event naming this visitor (their list shows the visitor's tagg and picture). */
    async ownersSeenBy(visitorId: string) {
      const rows = await db
        .selectDistinct({ ownerId: searchAnalytics.targetUserId })
        .from(searchAnalytics)
        .where(eq(searchAnalytics.visitorId, visitorId));
      return rows.map((row) => row.ownerId);
    },

    async deleteForOwner(ownerId: string, ids: string[]) {
      const rows = await db
        .delete(searchAnalytics)
        .where(and(eq(searchAnalytics.targetUserId, ownerId), inArray(searchAnalytics.id, ids)))
        .returning({ id: searchAnalytics.id });
      return rows.length;
    },

    /** The post whose viewers are asked for: its owner and name. */
    async findPost(postId: string) {
      const [row] = await db
        .select({ userId: taggedPosts.userId, postName: taggedPosts.postName })
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

    /**
     * Deletes the events recorded with this member's name and gives their anonymous events `newHash` in place
     * of their keyed hash, in one transaction; answers how many events went and how many were unlinked.
     */
    async forgetVisitor(visitorHash: string, visitorId: string, newHash: string) {
      return withTransaction(db, async (tx) => {
        const named = await tx
          .delete(searchAnalytics)
          .where(eq(searchAnalytics.visitorId, visitorId))
          .returning({ id: searchAnalytics.id });
        const unlinked = await tx
          .update(searchAnalytics)
          .set({ visitorHash: newHash })
          .where(and(eq(searchAnalytics.visitorHash, visitorHash), isNull(searchAnalytics.visitorId)))
          .returning({ id: searchAnalytics.id });
        return { deleted: named.length, unlinked: unlinked.length };
      });
    },

    /** Viewers of one post: named visitors by member id, anonymous ones by hash (never merged). */
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
        .where(and(eq(searchAnalytics.postId, postId), eq(searchAnalytics.action, "view")))
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
            notLike(searchAnalytics.visitorHash, `${GUEST_HASH_PREFIX}%`),
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

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
