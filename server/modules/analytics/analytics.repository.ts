import { randomInt } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ANONYMOUS_VISITOR_NAME } from "#contract/api/analytics.ts";
import type { Database } from "#server/db/client.ts";
import {
  anonymousActivityPending,
  anonymousQuietWindows,
  blocks,
  profiles,
  searchAnalytics,
  taggedPosts,
} from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";
import { type ReleaseWindow, type Settlement, windowEnd } from "./release-windows.ts";

const visitor = alias(profiles, "visitor");

/**
 * Not an event of a member the owner blocked: the owner's lists stop showing them (the rows stay; anonymous
 * rows have no visitor and always show).
 */
export const notOfBlocked = sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${searchAnalytics.targetUserId} and ${blocks.blockedId} = ${searchAnalytics.visitorId})`;

/** A copy of `items` in a uniformly random order (Fisher–Yates). */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
/** A named event as it is recorded: every column it sets (each one given, so the prepared insert can take it). */
export type NewNamedEvent = Required<
  Pick<
    typeof searchAnalytics.$inferInsert,
    | "targetUserId"
    | "postId"
    | "postName"
    | "visitorId"
    | "visitorName"
    | "ownerHidden"
    | "action"
    | "searchTerm"
    | "ipAddress"
    | "userAgent"
    | "createdAt"
  >
>;
export type NewPendingEvent = Omit<typeof anonymousActivityPending.$inferInsert, "id">;
const OWNER_LIST_LIMIT = 500;
/** Rows one statement writes or reads by id: far below the parameters a statement may take (65,535). */
const ROWS_PER_STATEMENT = 1_000;

const chunksOf = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * The search and view events themselves: recording them (named at once, anonymous held until their release),
 * the owner's list of them, counting and forgetting them. Who viewed what is in viewers.repository.ts.
 */
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
    .where(and(eq(searchAnalytics.targetUserId, ownerId), notOfBlocked))
    .orderBy(desc(searchAnalytics.createdAt), desc(searchAnalytics.id))
    .limit(OWNER_LIST_LIMIT)
    .prepare("owner_events");
  // Every named search and view that finds something is one insert: prepared, so the query is built once.
  const insertOneEvent = db
    .insert(searchAnalytics)
    .values({
      targetUserId: sql.placeholder("targetUserId"),
      postId: sql.placeholder("postId"),
      postName: sql.placeholder("postName"),
      visitorId: sql.placeholder("visitorId"),
      visitorName: sql.placeholder("visitorName"),
      ownerHidden: sql.placeholder("ownerHidden"),
      action: sql.placeholder("action"),
      searchTerm: sql.placeholder("searchTerm"),
      ipAddress: sql.placeholder("ipAddress"),
      userAgent: sql.placeholder("userAgent"),
      createdAt: sql.placeholder("createdAt"),
      listedAt: sql.placeholder("createdAt"),
    })
    .returning()
    .prepare("insert_one_event");
  return {
    /** Named events, listed at once. */
    async insertNamed(rows: NewNamedEvent[]) {
      if (rows.length === 0) return [];
      // Most searches find one owner's post: one row, through the prepared insert.
      if (rows.length === 1 && rows[0]) return insertOneEvent.execute(rows[0]);
      return db
        .insert(searchAnalytics)
        .values(rows.map((row) => ({ ...row, listedAt: row.createdAt })))
        .returning();
    },

    /** Anonymous events, held unseen until their release. */
    async insertPending(rows: NewPendingEvent[]) {
      if (rows.length > 0) await db.insert(anonymousActivityPending).values(rows);
    },

    /** How many anonymous events are held, and the earliest release time among them (for the metrics). */
    async heldSummary() {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          earliestReleaseAt: sql<Date | null>`min(${anonymousActivityPending.releaseAt})`.mapWith(
            anonymousActivityPending.releaseAt,
          ),
        })
        .from(anonymousActivityPending);
      return { count: row?.count ?? 0, earliestReleaseAt: row?.earliestReleaseAt ?? null };
    },

    /**
     * The windows of held anonymous activity whose release time has come (an owner, a window's start and
     * length), earliest due first, at most `limit`.
     */
    async dueWindows(now: Date, limit: number) {
      const rows = await db
        .select({
          ownerId: anonymousActivityPending.targetUserId,
          start: anonymousActivityPending.bucketStart,
          minutes: anonymousActivityPending.windowMinutes,
        })
        .from(anonymousActivityPending)
        .where(lte(anonymousActivityPending.releaseAt, now))
        .groupBy(
          anonymousActivityPending.targetUserId,
          anonymousActivityPending.bucketStart,
          anonymousActivityPending.windowMinutes,
        )
        .orderBy(asc(sql`min(${anonymousActivityPending.releaseAt})`))
        .limit(limit);
      return rows.map(({ ownerId, start, minutes }) => ({ ownerId, window: { start, minutes } }));
    },

    /**
     * Settles one window of an owner's held activity, in one transaction: every row held in it (a narrower
     * window inside it included, due or not) is counted by distinct pseudonym, and `decide` says whether they
     * are released into the owner's list (timed at the window's start, listed at `now`, in random order), wait
     * for a wider window, or end as a quiet window. Instances settling at once wait for each other's rows.
     * Answers the released events as the owner's list shows them.
     */
    async settleWindow(
      ownerId: string,
      window: ReleaseWindow,
      now: Date,
      decide: (distinctVisitors: number) => Settlement,
    ) {
      // The window's rows, by condition rather than by id: a busy owner's week may hold more rows than a
      // statement takes parameters. No row can join them meanwhile: new activity falls in windows not yet ended,
      // and a narrower window inside this one waits for these locks.
      const inWindow = and(
        eq(anonymousActivityPending.targetUserId, ownerId),
        gte(anonymousActivityPending.bucketStart, window.start),
        lt(anonymousActivityPending.bucketStart, windowEnd(window)),
        lte(anonymousActivityPending.windowMinutes, window.minutes),
      );
      const released = await withTransaction(db, async (tx) => {
        const held = await tx.select().from(anonymousActivityPending).where(inWindow).for("update");
        if (held.length === 0) return [];
        const settlement = decide(new Set(held.map((row) => row.pseudonym)).size);
        if (settlement.kind === "widen") {
          await tx
            .update(anonymousActivityPending)
            .set({
              bucketStart: settlement.to.start,
              windowMinutes: settlement.to.minutes,
              releaseAt: settlement.releaseAt,
            })
            .where(inWindow);
          return [];
        }
        await tx.delete(anonymousActivityPending).where(inWindow);
        if (settlement.kind === "quiet") {
          await tx.insert(anonymousQuietWindows).values({
            targetUserId: ownerId,
            windowStart: window.start,
            windowMinutes: window.minutes,
            fewerThan: settlement.fewerThan,
            listedAt: now,
          });
          return [];
        }
        // In random order: where the rows land in the table says nothing of the order they happened in.
        const inserted: { id: string }[] = [];
        for (const chunk of chunksOf(shuffled(held), ROWS_PER_STATEMENT)) {
          const ids = await tx
            .insert(searchAnalytics)
            .values(
              chunk.map((row) => ({
                targetUserId: row.targetUserId,
                postId: row.postId,
                postName: row.postName,
                visitorId: null,
                visitorName: ANONYMOUS_VISITOR_NAME,
                pseudonym: row.pseudonym,
                guest: row.guest,
                action: row.action,
                searchTerm: row.searchTerm,
                createdAt: window.start,
                windowMinutes: window.minutes,
                listedAt: now,
              })),
            )
            .returning({ id: searchAnalytics.id });
          inserted.push(...ids);
        }
        return inserted;
      });
      const rows = (
        await Promise.all(
          chunksOf(released, ROWS_PER_STATEMENT).map((chunk) =>
            selectOwnerEvents().where(
              inArray(
                searchAnalytics.id,
                chunk.map((row) => row.id),
              ),
            ),
          ),
        )
      ).flat();
      // The batch in the order it was written: random, as the table holds it.
      const order = new Map(released.map((row, i) => [row.id, i]));
      return rows.sort((a, b) => (order.get(a.event.id) ?? 0) - (order.get(b.event.id) ?? 0));
    },

    /** The owner's quiet windows, newest first. */
    listQuietWindows: (ownerId: string) =>
      db
        .select()
        .from(anonymousQuietWindows)
        .where(eq(anonymousQuietWindows.targetUserId, ownerId))
        .orderBy(desc(anonymousQuietWindows.windowStart))
        .limit(OWNER_LIST_LIMIT),

    /** Forgets the address and browser of named events recorded before `before`; answers how many. */
    async forgetConnectionsBefore(before: Date) {
      const rows = await db
        .update(searchAnalytics)
        .set({ ipAddress: null, userAgent: null })
        .where(
          and(
            lt(searchAnalytics.createdAt, before),
            or(isNotNull(searchAnalytics.ipAddress), isNotNull(searchAnalytics.userAgent)),
          ),
        )
        .returning({ id: searchAnalytics.id });
      return rows.length;
    },

    /** Events aimed at an owner, newest first, with the post's images and the visible visitor's avatar. */
    listForOwner: (ownerId: string) => ownerEvents.execute({ ownerId }),

    /**
     * One page of the owner's events as their list shows them, with no limit on how far back: newest first,
     * those after `after` in that order. Event times are whole milliseconds (written from the app's clock), so
     * a `Date` cursor is exact. On the owner's index by time.
     */
    listForOwnerPage: (ownerId: string, after: { createdAt: Date; id: string } | undefined, limit: number) =>
      selectOwnerEvents()
        .where(
          and(
            eq(searchAnalytics.targetUserId, ownerId),
            notOfBlocked,
            after &&
              or(
                lt(searchAnalytics.createdAt, after.createdAt),
                and(eq(searchAnalytics.createdAt, after.createdAt), lt(searchAnalytics.id, after.id)),
              ),
          ),
        )
        .orderBy(desc(searchAnalytics.createdAt), desc(searchAnalytics.id))
        .limit(limit),

    /**
     * The owner's events listed at or after `since` (a named one when it happened, an anonymous one when it was
     * released), latest listed first: what a live stream resuming missed (decision 034). None of them happened
     * before `happenedSince` (`since` less the longest an anonymous event waits), which keeps the lookup on the
     * owner's index by time.
     */
    listForOwnerSince: (ownerId: string, since: Date, happenedSince: Date, limit: number) =>
      selectOwnerEvents()
        .where(
          and(
            eq(searchAnalytics.targetUserId, ownerId),
            gte(searchAnalytics.createdAt, happenedSince),
            gte(searchAnalytics.listedAt, since),
            notOfBlocked,
          ),
        )
        .orderBy(desc(searchAnalytics.listedAt), desc(searchAnalytics.id))
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

    /** Deletes the events recorded with this member's name, at every owner; answers how many. */
    async deleteNamedBy(visitorId: string) {
      const rows = await db
        .delete(searchAnalytics)
        .where(eq(searchAnalytics.visitorId, visitorId))
        .returning({ id: searchAnalytics.id });
      return rows.length;
    },

    /**
     * How many searches and views this named visitor made of the owner's posts at or after `since`, as the
     * owner's list shows them (none while the owner blocks them), counted up to `cap`. On the index by owner,
     * visitor and time.
     */
    async countNamedSince(ownerId: string, visitorId: string, since: Date, cap: number) {
      const recent = db
        .select({ one: sql`1` })
        .from(searchAnalytics)
        .where(
          and(
            eq(searchAnalytics.targetUserId, ownerId),
            eq(searchAnalytics.visitorId, visitorId),
            gte(searchAnalytics.createdAt, since),
            notOfBlocked,
          ),
        )
        .limit(cap)
        .as("recent");
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(recent);
      return row?.n ?? 0;
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
/** An event with what the owner's list shows beside it. */
export type OwnerEventRow = Awaited<ReturnType<AnalyticsRepository["listForOwner"]>>[number];
