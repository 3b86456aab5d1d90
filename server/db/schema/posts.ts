import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { ReportAutoAction, ReportReason } from "#contract/api/posts.ts";
import { COMMENT_MAX_LENGTH, DEFAULT_REPORT_THRESHOLD } from "#contract/limits.ts";
import { updatedAt } from "./columns.ts";
import { profiles } from "./users.ts";

/** An image a member uploaded (original, server-made scrambled copy, thumbnail). Posts may use only the caller's own. */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    originalPath: text().notNull(),
    scrambledPath: text().notNull(),
    thumbnailPath: text(),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("uploads_original_path_unique").on(t.originalPath),
    index("uploads_scrambled_path_idx").on(t.scrambledPath),
    index("uploads_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * The key post names are unique by and found by: trimmed and lower-cased, as `nameKey` in contract/names.ts
 * computes it. A query that compares this expression is answered by the unique index below.
 */
const nameKeyOf = (postName: AnyPgColumn): SQL => sql`lower(btrim(${postName}))`;

/** A member's tagged post. Names are unique trimmed and case-insensitively (`postNameKey`). */
export const taggedPosts = pgTable(
  "tagged_posts",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    postName: text().notNull(),
    originalImage: text().notNull(),
    scrambledImage: text().notNull(),
    thumbnailImage: text(),
    hidePersonalInfo: boolean().notNull().default(false),
    scrambleImage: boolean().notNull().default(false),
    /** The owner's choice (bulk hide and show). Others see the post only when it is true and it is not held. */
    isVisible: boolean().notNull().default(true),
    /**
     * Hidden by the report auto-action until an administrator reviews it, whatever the owner chooses meanwhile;
     * dismissing the reports lifts the hold and the post follows its owner's choice again.
     */
    heldForReview: boolean().notNull().default(false),
    /**
     * Removed by moderation: held from everyone, its owner included, while its removal may still be appealed, so a
     * reversal gives it back as it was; deleted for good when the appeal window closes or an appeal is upheld.
     */
    removedAt: timestamp({ withTimezone: true }),
    comment: varchar({ length: COMMENT_MAX_LENGTH }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tagged_posts_post_name_unique").using("btree", nameKeyOf(t.postName)),
    index("tagged_posts_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    // Newest first, with the id as tie-breaker: the admin list's keyset order (decision 024) and the feeds'.
    index("tagged_posts_created_id_idx").on(t.createdAt, t.id),
    // The admin list's search in post names (ILIKE '%term%', decision 024).
    index("tagged_posts_post_name_trgm_idx").using("gin", t.postName.op("gin_trgm_ops")),
    // The admin list sorted by post name (decision 052).
    index("tagged_posts_post_name_sort_idx").on(t.postName, t.createdAt, t.id),
    index("tagged_posts_original_image_idx").on(t.originalImage),
  ],
);

export type TaggedPostRow = typeof taggedPosts.$inferSelect;

/** A post's name key in SQL: compare it with `nameKey(name)` to find a name the way its unique index does. */
export const postNameKey = nameKeyOf(taggedPosts.postName);

/** One member's report of one tagged post; a member reports a post at most once. */
export const postReports = pgTable(
  "post_reports",
  {
    id: uuid().primaryKey().defaultRandom(),
    postId: uuid()
      .notNull()
      .references(() => taggedPosts.id, { onDelete: "cascade" }),
    reporterId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** One of contract REPORT_REASONS, or null when the member gave none. */
    reason: text().$type<ReportReason>(),
    /**
     * Whether the report counts toward the automatic action: its reporter's e-mail was verified and their account
     * old enough when they reported (decision 049). Decided once, so a report never starts counting later.
     */
    counted: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("post_reports_post_reporter_unique").on(t.postId, t.reporterId),
    index("post_reports_post_created_idx").on(t.postId, t.createdAt),
    index("post_reports_reporter_idx").on(t.reporterId),
  ],
);

/**
 * Singleton (id = 1): whether posts with enough reports are acted on automatically, from how many, and how
 * (hidden pending review by default, or deleted).
 */
export const postReportSettings = pgTable(
  "post_report_settings",
  {
    id: integer().primaryKey().default(1),
    autoDeleteEnabled: boolean().notNull().default(false),
    autoDeleteThreshold: integer().notNull().default(DEFAULT_REPORT_THRESHOLD),
    autoAction: text().$type<ReportAutoAction>().notNull().default("hide"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("post_report_settings_singleton_check", sql`${t.id} = 1`),
    check("post_report_settings_threshold_check", sql`${t.autoDeleteThreshold} >= 1`),
    check("post_report_settings_auto_action_check", sql`${t.autoAction} in ('hide', 'delete')`),
  ],
);
