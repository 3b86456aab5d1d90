import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { NoticeKind } from "#contract/api/notices.ts";
import { profiles } from "./users.ts";

/**
 * An in-app notice to a member about their own content (a post hidden pending review, removed by moderation, or
 * no longer hidden after review). Persisted so a member who was offline sees it; it never says who reported.
 */
export const memberNotices = pgTable(
  "member_notices",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text().$type<NoticeKind>().notNull(),
    postName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("member_notices_kind_check", sql`${t.kind} in ('post_hidden', 'post_removed', 'post_restored')`),
    index("member_notices_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export type MemberNoticeRow = typeof memberNotices.$inferSelect;
