import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cleanupDeleteBodySchema,
  cleanupDeleteResponseSchema,
  cleanupSearchBodySchema,
  cleanupSearchResponseSchema,
} from "#contract/api/admin-cleanup.ts";
import { CLEANUP_MAX_ITEMS } from "#contract/limits.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminCleanupService } from "./admin-cleanup.service.ts";

type Options = { adminCleanupService: AdminCleanupService };

/** The Data cleanup section: find inactive taggs, profiles, posts or sessions, and delete the chosen ones. */
export const adminCleanupRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminCleanupService }) => {
  app.addHook("onRoute", documentedUnder("Admin cleanup"));

  app.post(
    "/cleanup/search",
    {
      schema: {
        operationId: "adminFindInactiveRecords",
        summary: "Find taggs, profiles, posts or sessions inactive for 30, 60 or 90 days",
        description:
          "Inactive means: a tagg no member holds, registered before the cutoff; a member not active since " +
          "(never the administrator asking); a post nobody searched for or viewed since; a session not used " +
          `since. The longest inactive first, at most ${CLEANUP_MAX_ITEMS}; \`total\` counts every match. ` +
          "Changes nothing.",
        body: cleanupSearchBodySchema,
        response: { 200: cleanupSearchResponseSchema },
      },
    },
    (request) =>
      adminCleanupService.search(requireMember(request).user, request.body.database, request.body.days),
  );

  app.post(
    "/cleanup/delete",
    {
      schema: {
        operationId: "adminDeleteInactiveRecords",
        summary: "Delete the chosen inactive records",
        description:
          "Each item is checked again and deleted only if it is still inactive for `days` (30 when left out); " +
          "unknown ids and items active since the search are skipped, and `deleted` says how many went. A " +
          "member goes the way they would delete their own account, a live subscription ended first (503 " +
          "`unavailable` when the payment provider does not answer; members deleted before that stay deleted). " +
          "One audit row per deleted item.",
        body: cleanupDeleteBodySchema,
        response: { 200: cleanupDeleteResponseSchema },
      },
    },
    (request) =>
      adminCleanupService.delete(
        requireMember(request).user,
        request.body.database,
        request.body.days,
        request.body.ids,
      ),
  );
};
