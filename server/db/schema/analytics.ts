import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { taggedPosts } from "./posts.ts";
import { profiles } from "./users.ts";

export const ANALYTICS_ACTIONS = ["search", "internal_search", "view"] as const;
export type AnalyticsAction = (typeof ANALYTICS_ACTIONS)[number];

/**
 * A search or view of a member's posts, as its owner sees it. A named row carries the visitor's member id
 * (and, for 30 days, their address and browser) and nothing else that stands for them. An anonymous row
 * carries no id, name, address or browser, only `pseudonym`: a keyed hash of owner and visitor under a key
 * that is destroyed when it is retired, used to count unique viewers. Anonymous rows arrive here only when
 * they are released (see `anonymousActivityPending`), with their time rounded down to the release bucket.
 */
export const searchAnalytics = pgTable(
  "search_analytics",
  {
    id: uuid().primaryKey().defaultRandom(),
    targetUserId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    postId: uuid().references(() => taggedPosts.id, { onDelete: "set null" }),
    postName: text(),
    visitorId: uuid().references(() => profiles.id, { onDelete: "cascade" }),
    visitorName: text().notNull(),
    /** Anonymous rows only: HMAC(epoch key, owner + visitor). */
    pseudonym: text(),
    /** Anonymous rows only: the visitor was not signed in (the hide threshold counts members alone). */
    guest: boolean().notNull().default(false),
    /** Whether the post hid its owner when this was recorded: the visitor's history keeps hiding them. */
    ownerHidden: boolean().notNull().default(false),
    action: text({ enum: ANALYTICS_ACTIONS }).notNull(),
    searchTerm: text(),
    ipAddress: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the owner could first see it: its time for a named row, its release for an anonymous one. */
    listedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Anonymous rows only: the length of the window starting at `createdAt` it was released with (the release
     * bucket, a day or a week); null on rows released before windows could widen, which had the bucket's.
     */
    windowMinutes: integer(),
  },
  (t) => [
    check("search_analytics_action_check", sql`${t.action} in ('search', 'internal_search', 'view')`),
    check(
      "search_analytics_named_or_pseudonym",
      sql`(${t.visitorId} is null) = (${t.pseudonym} is not null)`,
    ),
    index("search_analytics_target_created_idx").on(t.targetUserId, t.createdAt.desc().nullsFirst()),
    index("search_analytics_post_idx").on(t.postId),
    index("search_analytics_visitor_created_idx").on(t.visitorId, t.createdAt.desc().nullsFirst()),
    // One named visitor's events at one owner within a time: the repeated-search alert's count.
    index("search_analytics_target_visitor_created_idx")
      .on(t.targetUserId, t.visitorId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.visitorId} is not null`),
    index("search_analytics_connection_created_idx")
      .on(t.createdAt)
      .where(sql`${t.ipAddress} is not null or ${t.userAgent} is not null`),
  ],
);

export type SearchAnalyticsRow = typeof searchAnalytics.$inferSelect;

/**
 * Anonymous activity waiting for its release: nothing here is shown to anyone. Its time is already rounded
 * down to its window (`bucketStart`, `windowMinutes` long: the release bucket, or a day or a week once the
 * window widened because it held too few visitors); `releaseAt` is the window's end plus a random delay.
 */
export const anonymousActivityPending = pgTable(
  "anonymous_activity_pending",
  {
    id: uuid().primaryKey().defaultRandom(),
    targetUserId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    postId: uuid().references(() => taggedPosts.id, { onDelete: "set null" }),
    postName: text(),
    pseudonym: text().notNull(),
    guest: boolean().notNull(),
    action: text({ enum: ANALYTICS_ACTIONS }).notNull(),
    searchTerm: text(),
    bucketStart: timestamp({ withTimezone: true }).notNull(),
    windowMinutes: integer().notNull(),
    releaseAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("anonymous_activity_pending_release_idx").on(t.releaseAt),
    index("anonymous_activity_pending_window_idx").on(t.targetUserId, t.bucketStart),
  ],
);

export type AnonymousActivityPendingRow = typeof anonymousActivityPending.$inferSelect;

/**
 * A week of an owner's anonymous activity that held fewer distinct visitors than the minimum even at its
 * widest: released as this line alone ("fewer than 3 anonymous visits this week"), with no post, term,
 * pseudonym or count.
 */
export const anonymousQuietWindows = pgTable(
  "anonymous_quiet_windows",
  {
    id: uuid().primaryKey().defaultRandom(),
    targetUserId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    windowMinutes: integer().notNull(),
    /** The minimum the window fell short of, as it was then. */
    fewerThan: integer().notNull(),
    listedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("anonymous_quiet_windows_target_idx").on(t.targetUserId, t.windowStart.desc())],
);

export type AnonymousQuietWindowRow = typeof anonymousQuietWindows.$inferSelect;

/**
 * The keys of anonymous pseudonyms, one per epoch, sealed under APP_SECRET (a copy of the database alone
 * opens none). Only the current epoch's key is kept: a retired key is deleted, and with it every way to
 * link its pseudonyms to anyone.
 */
export const anonymityKeys = pgTable("anonymity_keys", {
  epoch: integer().primaryKey(),
  sealedKey: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
