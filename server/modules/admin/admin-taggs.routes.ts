import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminListQuerySchema } from "#contract/api/admin.ts";
import {
  adminTaggBodySchema,
  adminTaggIdParamsSchema,
  adminTaggPatchSchema,
  adminTaggSchema,
  adminTaggsResponseSchema,
} from "#contract/api/admin-taggs.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminTaggsService } from "./admin-taggs.service.ts";

type Options = { adminTaggsService: AdminTaggsService };

/** The Taggs section: list, add, edit (incl. the visibility toggle) and delete registered taggs. */
export const adminTaggsRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminTaggsService }) => {
  app.get(
    "/taggs",
    { schema: { querystring: adminListQuerySchema, response: { 200: adminTaggsResponseSchema } } },
    (request) => adminTaggsService.list(request.query),
  );

  app.post(
    "/taggs",
    { schema: { body: adminTaggBodySchema, response: { 201: adminTaggSchema } } },
    async (request, reply) => {
      const tagg = await adminTaggsService.create(requireMember(request).user, request.body);
      return reply.status(201).send(tagg);
    },
  );

  app.patch(
    "/taggs/:id",
    {
      schema: {
        params: adminTaggIdParamsSchema,
        body: adminTaggPatchSchema,
        response: { 200: adminTaggSchema },
      },
    },
    (request) => adminTaggsService.update(requireMember(request).user, request.params.id, request.body),
  );

  app.delete(
    "/taggs/:id",
    {
      schema: { params: adminTaggIdParamsSchema, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (request) => {
      await adminTaggsService.remove(requireMember(request).user, request.params.id);
      return { success: true as const };
    },
  );
};
