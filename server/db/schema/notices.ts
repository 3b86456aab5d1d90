import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { NoticeKind, ReportOutcome } from "#contract/api/notices.ts";
import { moderationDecisions } from "./moderation.ts";
import { profiles } from "./users.ts";

/**
 * An in-app notice to a member: about their own content (a post hidden pending review, removed by moderation, or
 * no longer hidden after review; `post_name`), a repeated-search alert about a named visitor (`visitor_id`,
 * gone with the visitor's account), their tagg removed by an administrator (`tagg`), or what became of a post
 * they reported (`report_outcome`: `post_name` and `outcome`), or a moderation decision about them or its appeal's
 * outcome (`decision`, `appeal_decided`: `decision_id`, whose statement of reasons the notice reads). Persisted so a member who was offline sees it; it
 * never says who reported, nor whose post it was.
 */
export const memberNotices = pgTable(
  "member_notices",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text().$type<NoticeKind>().notNull(),
    postName: text(),
    visitorId: uuid().references(() => profiles.id, { onDelete: "cascade" }),
    /** The handle a `tagg_removed` notice is about (the tagg itself is gone, so no reference). */
    tagg: text(),
    /** What became of the reported post of a `report_outcome` notice; null for the other kinds. */
    outcome: text().$type<ReportOutcome>(),
    /** The decision a `decision` or `appeal_decided` notice is about. */
    decisionId: uuid().references(() => moderationDecisions.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "member_notices_kind_check",
      sql`${t.kind} in ('post_hidden', 'post_removed', 'post_restored', 'repeated_search', 'tagg_removed', 'report_outcome', 'decision', 'appeal_decided')`,
    ),
    // A repeated-search alert names a visitor only, a removed tagg's notice the tagg only, a decision's notices
    // the decision only, every other notice a post only.
    check(
      "member_notices_subject_check",
      sql`case when ${t.kind} = 'repeated_search' then ${t.visitorId} is not null and ${t.postName} is null and ${t.tagg} is null when ${t.kind} = 'tagg_removed' then ${t.tagg} is not null and ${t.postName} is null and ${t.visitorId} is null when ${t.kind} in ('decision', 'appeal_decided') then ${t.postName} is null and ${t.visitorId} is null and ${t.tagg} is null else ${t.postName} is not null and ${t.visitorId} is null and ${t.tagg} is null end`,
    ),
    check(
      "member_notices_decision_check",
      sql`(${t.kind} in ('decision', 'appeal_decided')) = (${t.decisionId} is not null)`,
    ),
    check(
      "member_notices_outcome_check",
      sql`case when ${t.kind} = 'report_outcome' then ${t.outcome} in ('removed', 'dismissed') else ${t.outcome} is null end`,
    ),
    index("member_notices_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    // Finds the alerts about a visitor who empties their history (and serves the cascade when they leave).
    index("member_notices_decision_idx").on(t.decisionId).where(sql`${t.decisionId} is not null`),
    index("member_notices_visitor_idx").on(t.visitorId).where(sql`${t.visitorId} is not null`),
  ],
);

export type MemberNoticeRow = typeof memberNotices.$inferSelect;
