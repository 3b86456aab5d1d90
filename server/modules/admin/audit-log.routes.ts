import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditLogFacetsSchema, auditLogQuerySchema, auditLogResponseSchema } from "#contract/api/admin.ts";
import type { AuditLogService } from "./audit-log.service.ts";

type Options = { auditLogService: AuditLogService };

/** The Audit Log section: read-only, there is no route that edits or deletes an entry. */
export const auditLogRoutes: FastifyPluginAsyncZod<Options> = async (app, { auditLogService }) => {
  app.get(
    "/audit-log",
    { schema: { querystring: auditLogQuerySchema, response: { 200: auditLogResponseSchema } } },
    (request) => auditLogService.list(request.query),
  );

  app.get("/audit-log/facets", { schema: { response: { 200: auditLogFacetsSchema } } }, () =>
    auditLogService.facets(),
  );
};
