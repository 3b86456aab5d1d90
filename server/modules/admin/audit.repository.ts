import { and, asc, eq, getTableColumns, gte, lt, or, sql } from "drizzle-orm";
import type { ADMIN_LIST_SORTS, AuditLogQuery } from "#contract/api/admin.ts";
import type { Database } from "#server/db/client.ts";
import type { SearchCondition } from "#server/db/list-search.ts";
import { byText, type SortColumn } from "#server/db/list-sort.ts";
import { countRows, cursorAt, paginate } from "#server/db/paginate.ts";
import {
  type AuditSummary,
  adminAuditActions,
  adminAuditActors,
  adminAuditLog,
  auditSearchText,
  UUID_PATTERN,
} from "#server/db/schema/index.ts";

/** Who did an admin write; the names are kept as a snapshot beside the id. `id` is null for the system. */
export type AuditActor = { id: string | null; firstName: string; lastName: string };

/** The actor of what the app does on its own (the report auto-action job). */
export const SYSTEM_ACTOR: AuditActor = { id: null, firstName: "System", lastName: "(automatic)" };

export type AuditEntry = {
  actor: AuditActor;
  action: string;
  targetType: string;
  targetId: string;
  summary: AuditSummary;
};

/** The log's sorts (the contract's `ADMIN_LIST_SORTS.auditLog`); migration 0023 indexes each. */
const auditSorts = {
  createdAt: [],
  action: [byText(adminAuditLog.action)],
  actor: [byText(adminAuditLog.actorLastName), byText(adminAuditLog.actorFirstName)],
} satisfies Record<(typeof ADMIN_LIST_SORTS.auditLog)[number], SortColumn>;

const uuid = new RegExp(UUID_PATTERN, "i");

/**
 * A target id that is a uuid is matched whole (its btree index), never inside other text, and so is an id a
 * cleanup run lists as deleted (its partial index), so "who removed this member" still finds the run (decision 055).
 */
const targetIdSearch: SearchCondition = (term) => {
  if (!uuid.test(term)) return undefined;
  const id = term.toLowerCase();
  return or(
    eq(adminAuditLog.targetId, id),
    and(
      eq(adminAuditLog.action, "cleanup.run"),
      sql`(${adminAuditLog.summary} -> 'after' -> 'ids') @> ${JSON.stringify([id])}::jsonb`,
    ),
  );
};

/**
 * The admin audit log. Append-only: it records and lists, nothing edits or deletes (but a cleanup run's own
 * summary while that run lasts: `amend`). Build it on the caller's transaction (`createAuditRepository(tx)`) so the
 * row, and the filter choices it adds, commit or roll back with the change it records.
 */
export function createAuditRepository(db: Database) {
  return {
    /** Writes the row and keeps the filter choices (the actor by this latest name, the action) in step. */
    async record({ actor, ...entry }: AuditEntry) {
      const [row] = await db
        .insert(adminAuditLog)
        .values({
          ...entry,
          actorId: actor.id,
          actorFirstName: actor.firstName,
          actorLastName: actor.lastName,
        })
        .returning();
      if (!row) throw new Error("The audit row was not written");
      if (actor.id) {
        await db
          .insert(adminAuditActors)
          .values({
            actorId: actor.id,
            firstName: actor.firstName,
            lastName: actor.lastName,
            lastSeen: row.createdAt,
          })
          .onConflictDoUpdate({
            target: adminAuditActors.actorId,
            set: {
              firstName: actor.firstName,
              lastName: actor.lastName,
              lastSeen: sql`greatest(${adminAuditActors.lastSeen}, excluded.last_seen)`,
            },
          });
      }
      await db
        .insert(adminAuditActions)
        .values({ action: row.action, lastSeen: row.createdAt })
        .onConflictDoUpdate({
          target: adminAuditActions.action,
          set: { lastSeen: sql`greatest(${adminAuditActions.lastSeen}, excluded.last_seen)` },
        });
      return row;
    },

    /**
     * Replaces the summary of a row this same run wrote: a cleanup of profiles deletes each in its own transaction
     * and keeps its one row saying what has gone so far, in the transaction of each deletion (decision 055).
     */
    async amend(id: string, summary: AuditSummary) {
      await db.update(adminAuditLog).set({ summary }).where(eq(adminAuditLog.id, id));
    },

    /** Newest first; a search looks in the actor's name, the action and the target; the filters narrow it. */
    list(query: AuditLogQuery) {
      const t = adminAuditLog;
      return paginate({
        db,
        name: "admin_audit_log",
        query,
        keys: { createdAt: t.createdAt, id: t.id },
        sorts: auditSorts,
        // One trigram index answers the text; a uuid target id is an exact match (decision 055).
        searchIn: [auditSearchText(t), targetIdSearch],
        filter: and(
          query.actorId ? eq(t.actorId, query.actorId) : undefined,
          query.action ? eq(t.action, query.action) : undefined,
          query.from ? gte(t.createdAt, sql`${query.from}::date`) : undefined,
          query.to ? lt(t.createdAt, sql`${query.to}::date + 1`) : undefined,
        ),
        rows: (where, limit, order) =>
          db
            .select({ ...getTableColumns(t), cursorAt: cursorAt(t.createdAt), cursorSort: order.cursorSort })
            .from(t)
            .where(where)
            .orderBy(...order.by)
            .limit(limit),
        countUpTo: (where, upTo) =>
          countRows(db, db.select({ one: sql`1` }).from(t).where(where).limit(upTo).as("matches")),
      });
    },

    /**
     * Everyone who has written to the log (with their latest recorded name) and every action recorded: read from
     * the two small tables `record` keeps, never from the log itself (decision 055).
     */
    async facets() {
      const [actors, actions] = await Promise.all([
        db
          .select({
            id: adminAuditActors.actorId,
            firstName: adminAuditActors.firstName,
            lastName: adminAuditActors.lastName,
          })
          .from(adminAuditActors)
          .orderBy(
            asc(adminAuditActors.lastName),
            asc(adminAuditActors.firstName),
            asc(adminAuditActors.actorId),
          ),
        db
          .select({ action: adminAuditActions.action })
          .from(adminAuditActions)
          .orderBy(asc(adminAuditActions.action)),
      ]);
      return { actors, actions: actions.map((row) => row.action) };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
