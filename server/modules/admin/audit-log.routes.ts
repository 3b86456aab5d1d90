import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditLogFacetsSchema, auditLogQuerySchema, auditLogResponseSchema } from "#contract/api/admin.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import type { AuditLogService } from "./audit-log.service.ts";

type Options = { auditLogService: AuditLogService };

/** The Audit Log section: read-only, there is no route that edits or deletes an entry. */
export const auditLogRoutes: FastifyPluginAsyncZod<Options> = async (app, { auditLogService }) => {
  app.addHook("onRoute", documentedUnder("Admin audit log"));

  app.get(
    "/audit-log",
    {
      schema: {
        operationId: "adminListAuditLog",
        summary: "Administrators' changes, newest first, paged, searched and filtered",
        description:
          "The search looks in the actor's full name, the action, the target type and a target named by text, in " +
          "any letter case; a target id that is a uuid is matched whole. `actorId` and " +
          "`action` narrow to one actor or action (see the facets); `from` and `to` are UTC days, both " +
          "included. Changes the app made on its own (the report auto-action) have an actor whose `id` is null. " +
          "A cursor that is not one of this list's is 400 `validation`.",
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema },
      },
    },
    (request) => auditLogService.list(request.query),
  );

  app.get(
    "/audit-log/facets",
    {
      schema: {
        operationId: "adminGetAuditLogFacets",
        summary: "The actors and actions the audit log's filters can choose from",
        description:
          "Every administrator who has written to the log, by their latest recorded name, and every action " +
          "recorded; kept as each entry is written, so the answer does not grow with the log.",
        response: { 200: auditLogFacetsSchema },
      },
    },
    () => auditLogService.facets(),
  );
};
