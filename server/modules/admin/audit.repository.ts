import { count, desc, getTableColumns } from "drizzle-orm";
import type { AdminListQuery } from "#contract/api/admin.ts";
import type { Database } from "#server/db/client.ts";
import { cursorAt, paginate } from "#server/db/paginate.ts";
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

    /** Newest first; a search looks in the actor's name, the action and the target. */
    list(query: AdminListQuery) {
      const t = adminAuditLog;
      return paginate({
        query,
        keys: { createdAt: t.createdAt, id: t.id },
        searchIn: [t.actorFirstName, t.actorLastName, t.action, t.targetType, t.targetId],
        rows: (where, limit) =>
          db
            .select({ ...getTableColumns(t), cursorAt: cursorAt(t.createdAt) })
            .from(t)
            .where(where)
            .orderBy(desc(t.createdAt), desc(t.id))
            .limit(limit),
        count: async (where) => (await db.select({ n: count() }).from(t).where(where))[0]?.n ?? 0,
      });
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
