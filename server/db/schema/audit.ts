import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { profiles } from "./users.ts";

/** A short before/after of what an admin write changed; only the fields it touched. */
export type AuditSummary = { before?: Record<string, unknown>; after?: Record<string, unknown> };

/** A target id that is a uuid: the search matches it exactly, not inside other text (decision 055). */
export const UUID_PATTERN = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

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
    // The search (decision 055): one trigram index on the text it looks in, and the target id matched exactly.
    index("admin_audit_log_search_trgm_idx")
      .using("gin", sql`${auditSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index("admin_audit_log_target_id_idx").on(t.targetId),
    // A cleanup run's row lists the ids it deleted: a search for one of them finds the run (decision 055).
    index("admin_audit_log_cleanup_ids_idx")
      .using("gin", sql`(${t.summary} -> 'after' -> 'ids') jsonb_path_ops`)
      .where(sql`${t.action} = 'cleanup.run'`),
    // The filter by actor, newest first.
    index("admin_audit_log_actor_id_idx").on(t.actorId, t.createdAt, t.id),
  ],
);

/**
 * What the audit log's search looks in, as one text: the actor's full name as shown ("Bea Poster"), the action,
 * the target type and a target id that is not a uuid ("terms", a help section's name), each on its own line so a
 * term never matches across two of them. A uuid target id is left out (a search matches it exactly).
 */
export function auditSearchText(t: {
  actorFirstName: unknown;
  actorLastName: unknown;
  action: unknown;
  targetType: unknown;
  targetId: unknown;
}) {
  return sql<string>`(${t.actorFirstName} || ' ' || ${t.actorLastName} || E'\\n' || ${t.action} || E'\\n' || ${t.targetType} || case when ${t.targetId} ~ '${sql.raw(UUID_PATTERN)}' then '' else E'\\n' || ${t.targetId} end)`;
}

/**
 * The audit log's filter choices, kept in the transaction of each audit row (decision 055): every administrator
 * who has written to the log, by the name of their latest write. A deleted account leaves the list (its rows keep
 * the name, without an id to filter by).
 */
export const adminAuditActors = pgTable("admin_audit_actors", {
  actorId: uuid()
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  firstName: text().notNull(),
  lastName: text().notNull(),
  lastSeen: timestamp({ withTimezone: true }).notNull(),
});

/** Every action the audit log has recorded, kept beside each audit row (decision 055). */
export const adminAuditActions = pgTable("admin_audit_actions", {
  action: text().primaryKey(),
  lastSeen: timestamp({ withTimezone: true }).notNull(),
});

export type AuditRow = typeof adminAuditLog.$inferSelect;
