import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cleanupDeleteBodySchema,
  cleanupDeleteResponseSchema,
  cleanupSearchBodySchema,
  cleanupSearchResponseSchema,
} from "#contract/api/admin-cleanup.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminCleanupService } from "./admin-cleanup.service.ts";

type Options = { adminCleanupService: AdminCleanupService };

/** The Data cleanup section: find inactive taggs, profiles, posts or sessions, and delete the chosen ones. */
export const adminCleanupRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminCleanupService }) => {
  app.post(
    "/cleanup/search",
    { schema: { body: cleanupSearchBodySchema, response: { 200: cleanupSearchResponseSchema } } },
    (request) =>
      adminCleanupService.search(requireMember(request).user, request.body.database, request.body.days),
  );

  app.post(
    "/cleanup/delete",
    { schema: { body: cleanupDeleteBodySchema, response: { 200: cleanupDeleteResponseSchema } } },
    (request) =>
      adminCleanupService.delete(
        requireMember(request).user,
        request.body.database,
        request.body.days,
        request.body.ids,
      ),
  );
};
