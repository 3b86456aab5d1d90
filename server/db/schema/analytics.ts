import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { taggedPosts } from "./posts.ts";
import { profiles } from "./users.ts";

export const ANALYTICS_ACTIONS = ["search", "internal_search", "view"] as const;
export type AnalyticsAction = (typeof ANALYTICS_ACTIONS)[number];

/**
 * A search or view of a member's posts, recorded for the owner. An anonymous visitor leaves no id or name,
 * only `visitor_hash` (HMAC of the visitor), which counts unique viewers and finds their own history.
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
    visitorHash: text().notNull(),
    action: text({ enum: ANALYTICS_ACTIONS }).notNull(),
    searchTerm: text(),
    ipAddress: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("search_analytics_action_check", sql`${t.action} in ('search', 'internal_search', 'view')`),
    index("search_analytics_target_created_idx").on(t.targetUserId, t.createdAt.desc().nullsFirst()),
    index("search_analytics_post_visitor_idx").on(t.postId, t.visitorHash),
    index("search_analytics_visitor_created_idx").on(t.visitorId, t.createdAt.desc().nullsFirst()),
    index("search_analytics_visitor_hash_created_idx").on(t.visitorHash, t.createdAt.desc().nullsFirst()),
  ],
);

export type SearchAnalyticsRow = typeof searchAnalytics.$inferSelect;
