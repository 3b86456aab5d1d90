import type { AuditLogQuery } from "#contract/api/admin.ts";
import type { AuditRepository } from "./audit.repository.ts";

type Deps = { auditRepo: AuditRepository };

/** Reads the admin audit log for its panel section; writes happen in each admin write's own transaction. */
export function createAuditLogService({ auditRepo }: Deps) {
  return {
    async list(query: AuditLogQuery) {
      const page = await auditRepo.list(query);
      return {
        ...page,
        items: page.items.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          actor: { id: row.actorId, firstName: row.actorFirstName, lastName: row.actorLastName },
          action: row.action,
          targetType: row.targetType,
          targetId: row.targetId,
          summary: row.summary,
        })),
      };
    },

    facets: () => auditRepo.facets(),
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
