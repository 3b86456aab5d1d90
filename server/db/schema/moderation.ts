import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { AppealStatus, DecisionKind } from "#contract/api/moderation.ts";
import { MODERATION_LIMITS } from "#contract/api/moderation.ts";
import { updatedAt } from "./columns.ts";
import { taggedPosts } from "./posts.ts";
import { profiles } from "./users.ts";

/** The short list of reasons an administrator picks from when restricting something, each naming a rule of the terms. */
export const moderationReasons = pgTable("moderation_reasons", {
  id: uuid().primaryKey().defaultRandom(),
  label: varchar({ length: MODERATION_LIMITS.reasonLabel }).notNull(),
  rule: varchar({ length: MODERATION_LIMITS.reasonRule }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: updatedAt(),
});

/** What a removed tagg was in the registry, kept so a reversed decision can register it again. */
export type RemovedTagg = {
  tagg: string;
  firstName: string;
  lastName: string;
  email: string;
  reason: string | null;
  isHidden: boolean;
};

/**
 * One restriction of a member's content and its statement of reasons. The reason is copied, not referenced
 * alone, so the statement reads the same after the panel edits or deletes the reason. Kept with the member's
 * account and gone with it.
 */
export const moderationDecisions = pgTable(
  "moderation_decisions",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The member the decision is about. */
    userId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text().$type<DecisionKind>().notNull(),
    /** The post of a post decision while it exists. */
    postId: uuid().references(() => taggedPosts.id, { onDelete: "set null" }),
    postName: text(),
    tagg: text(),
    reasonId: uuid().references(() => moderationReasons.id, { onDelete: "set null" }),
    reasonLabel: text().notNull(),
    reasonRule: text(),
    reasonText: text(),
    automatic: boolean().notNull(),
    /** The administrator who decided; null when automatic or their account is gone. */
    decidedBy: uuid().references(() => profiles.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }).notNull(),
    appealableUntil: timestamp({ withTimezone: true }).notNull(),
    /** When the restriction stopped applying: reports dismissed, hold lifted, a later decision, or reversed. */
    liftedAt: timestamp({ withTimezone: true }),
    /** For `tagg_removed`: the registry row as it was, to register again on reversal. */
    removedTagg: jsonb().$type<RemovedTagg>(),
  },
  (t) => [
    check(
      "moderation_decisions_kind_check",
      sql`${t.kind} in ('post_hidden', 'post_removed', 'tagg_removed', 'profile_hidden')`,
    ),
    check(
      "moderation_decisions_subject_check",
      sql`case when ${t.kind} in ('post_hidden', 'post_removed') then ${t.postName} is not null else ${t.tagg} is not null end`,
    ),
    check("moderation_decisions_decider_check", sql`not (${t.automatic} and ${t.decidedBy} is not null)`),
    index("moderation_decisions_user_idx").on(t.userId, t.decidedAt.desc()),
    index("moderation_decisions_post_idx").on(t.postId).where(sql`${t.postId} is not null`),
    index("moderation_decisions_removal_due_idx")
      .on(t.appealableUntil)
      .where(sql`${t.kind} = 'post_removed' and ${t.liftedAt} is null and ${t.postId} is not null`),
  ],
);

export type ModerationDecisionRow = typeof moderationDecisions.$inferSelect;

/** A member's one appeal against one decision, and its outcome. */
export const moderationAppeals = pgTable(
  "moderation_appeals",
  {
    id: uuid().primaryKey().defaultRandom(),
    decisionId: uuid()
      .notNull()
      .unique("moderation_appeals_decision_unique")
      .references(() => moderationDecisions.id, { onDelete: "cascade" }),
    text: varchar({ length: MODERATION_LIMITS.appealText }).notNull(),
    status: text().$type<AppealStatus>().notNull().default("open"),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: uuid().references(() => profiles.id, { onDelete: "set null" }),
    outcomeText: varchar({ length: MODERATION_LIMITS.outcomeText }),
  },
  (t) => [
    check("moderation_appeals_status_check", sql`${t.status} in ('open', 'upheld', 'reversed')`),
    check(
      "moderation_appeals_outcome_check",
      sql`(${t.status} = 'open') = (${t.decidedAt} is null and ${t.outcomeText} is null)`,
    ),
    index("moderation_appeals_status_created_idx").on(t.status, t.createdAt, t.id),
  ],
);

export type ModerationAppealRow = typeof moderationAppeals.$inferSelect;

/**
 * The transparency page's figures, one row per UTC month, counted as things happen. No row names a member or a
 * post: only counts, and the hours each review took.
 */
export const moderationMonthly = pgTable("moderation_monthly", {
  /** `2026-11` */
  month: text().primaryKey(),
  reportsReceived: integer().notNull().default(0),
  reportsCounted: integer().notNull().default(0),
  hiddenAutomatically: integer().notNull().default(0),
  hiddenByAdmin: integer().notNull().default(0),
  removed: integer().notNull().default(0),
  appeals: integer().notNull().default(0),
  reversed: integer().notNull().default(0),
  /** Hours from a post's first report to an administrator's review of it, one entry per review of the month. */
  reviewHours: real().array().notNull().default(sql`'{}'::real[]`),
});
