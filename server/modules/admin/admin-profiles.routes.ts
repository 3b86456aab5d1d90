import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminListQuerySchema } from "#contract/api/admin.ts";
import {
  adminProfileBodySchema,
  adminProfileIdParamsSchema,
  adminProfilePatchSchema,
  adminProfileSchema,
  adminProfilesResponseSchema,
} from "#contract/api/admin-profiles.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminProfilesService } from "./admin-profiles.service.ts";

type Options = { adminProfilesService: AdminProfilesService };

/** The Profiles section: list, add (with an invitation), edit and delete member profiles. */
export const adminProfilesRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminProfilesService }) => {
  app.get(
    "/profiles",
    { schema: { querystring: adminListQuerySchema, response: { 200: adminProfilesResponseSchema } } },
    (request) => adminProfilesService.list(request.query),
  );

  app.post(
    "/profiles",
    { schema: { body: adminProfileBodySchema, response: { 201: adminProfileSchema } } },
    async (request, reply) => {
      const profile = await adminProfilesService.create(requireMember(request).user, request.body);
      return reply.status(201).send(profile);
    },
  );

  app.patch(
    "/profiles/:id",
    {
      schema: {
        params: adminProfileIdParamsSchema,
        body: adminProfilePatchSchema,
        response: { 200: adminProfileSchema },
      },
    },
    (request) => adminProfilesService.update(requireMember(request).user, request.params.id, request.body),
  );

  app.delete(
    "/profiles/:id",
    {
      schema: {
        params: adminProfileIdParamsSchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await adminProfilesService.remove(requireMember(request).user, request.params.id);
      return { success: true as const };
    },
  );
};
