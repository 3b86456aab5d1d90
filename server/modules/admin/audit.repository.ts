import { and, asc, desc, eq, getTableColumns, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { ADMIN_LIST_SORTS, AuditLogQuery } from "#contract/api/admin.ts";
import type { Database } from "#server/db/client.ts";
import { byText, countRows, cursorAt, paginate, type SortColumn } from "#server/db/paginate.ts";
import { type AuditSummary, adminAuditLog } from "#server/db/schema/index.ts";

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

/**
 * The admin audit log. Append-only: it records and lists, nothing edits or deletes. Build it on the caller's
 * transaction (`createAuditRepository(tx)`) so the row commits or rolls back with the change it records.
 */
/** The log's sorts (the contract's `ADMIN_LIST_SORTS.auditLog`); migration 0023 indexes each. */
const auditSorts = {
  createdAt: [],
  action: [byText(adminAuditLog.action)],
  actor: [byText(adminAuditLog.actorLastName), byText(adminAuditLog.actorFirstName)],
} satisfies Record<(typeof ADMIN_LIST_SORTS.auditLog)[number], SortColumn>;

export function createAuditRepository(db: Database) {
  return {
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
      return row;
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
        searchIn: [t.actorFirstName, t.actorLastName, t.action, t.targetType, t.targetId],
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

    /** Everyone who has written to the log (with their latest recorded name) and every action recorded. */
    async facets() {
      const t = adminAuditLog;
      const [actors, actions] = await Promise.all([
        db
          .selectDistinctOn([t.actorId], {
            id: t.actorId,
            firstName: t.actorFirstName,
            lastName: t.actorLastName,
          })
          .from(t)
          .where(isNotNull(t.actorId))
          .orderBy(t.actorId, desc(t.createdAt)),
        db.selectDistinct({ action: t.action }).from(t).orderBy(asc(t.action)),
      ]);
      return {
        actors: actors.flatMap(({ id, ...name }) => (id ? [{ id, ...name }] : [])),
        actions: actions.map((row) => row.action),
      };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
