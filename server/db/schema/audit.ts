import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { profiles } from "./users.ts";

/** A short before/after of what an admin write changed; only the fields it touched. */
export type AuditSummary = { before?: Record<string, unknown>; after?: Record<string, unknown> };

/**
 * Every admin write, one row each, written in the same transaction as the change. Append-only: no route edits
 * or deletes a row. The actor's name is a snapshot, so the log still reads after the account is gone.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid().primaryKey().defaultRandom(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: uuid().references(() => profiles.id, { onDelete: "set null" }),
    actorFirstName: text().notNull(),
    actorLastName: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    summary: jsonb().$type<AuditSummary>().notNull(),
  },
  (t) => [
    index("admin_audit_log_created_at_id_idx").on(t.createdAt, t.id),
    // The log sorted by action or by actor (decision 052).
    index("admin_audit_log_action_sort_idx").on(t.action, t.createdAt, t.id),
    index("admin_audit_log_actor_sort_idx").on(t.actorLastName, t.actorFirstName, t.createdAt, t.id),
  ],
);

export type AuditRow = typeof adminAuditLog.$inferSelect;
