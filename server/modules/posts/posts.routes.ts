import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  bulkDeleteResponseSchema,
  bulkUpdateResponseSchema,
  checkPostNameQuerySchema,
  checkPostNameResponseSchema,
  createTaggedPostBodySchema,
  deletePostResponseSchema,
  postIdParamsSchema,
  reportPostBodySchema,
  reportPostResponseSchema,
  taggedPostListSchema,
  taggedPostSchema,
  updateTaggedPostBodySchema,
} from "#contract/api/posts.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { memberOrClient } from "#server/plugins/attempt-limit.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { PostsService } from "./posts.service.ts";

const member = { access: "member" } as const;

export const postsRoutes: FastifyPluginAsyncZod<{ postsService: PostsService }> = async (
  app,
  { postsService },
) => {
  app.get(
    "/api/check-post-name",
    {
      config: {
        ...member,
        rateLimit: {
          max: RATE_LIMITS.nameCheck.max,
          timeWindow: RATE_LIMITS.nameCheck.windowMs,
          keyGenerator: memberOrClient,
        },
      },
      schema: { querystring: checkPostNameQuerySchema, response: { 200: checkPostNameResponseSchema } },
    },
    (request) => postsService.checkName(request.query.name),
  );

  app.get(
    "/api/tagged-posts",
    { config: member, schema: { response: { 200: taggedPostListSchema } } },
    (request) => postsService.listOwn(requireMember(request).user.id),
  );

  app.post(
    "/api/tagged-posts",
    { config: member, schema: { body: createTaggedPostBodySchema, response: { 201: taggedPostSchema } } },
    async (request, reply) => {
      const post = await postsService.create(requireMember(request).user, request.body);
      return reply.status(201).send(post);
    },
  );

  // The bulk routes are declared before /:id so their static paths win.
  app.patch(
    "/api/tagged-posts/bulk-hide",
    { config: member, schema: { response: { 200: bulkUpdateResponseSchema } } },
    (request) => postsService.setVisibilityOfAll(requireMember(request).user, false),
  );

  app.patch(
    "/api/tagged-posts/bulk-show",
    { config: member, schema: { response: { 200: bulkUpdateResponseSchema } } },
    (request) => postsService.setVisibilityOfAll(requireMember(request).user, true),
  );

  app.delete(
    "/api/tagged-posts/bulk-delete",
    { config: member, schema: { response: { 200: bulkDeleteResponseSchema } } },
    (request) => postsService.deleteAll(requireMember(request).user.id),
  );

  app.patch(
    "/api/tagged-posts/:id",
    {
      config: member,
      schema: {
        params: postIdParamsSchema,
        body: updateTaggedPostBodySchema,
        response: { 200: taggedPostSchema },
      },
    },
    (request) =>
      postsService.setScramble(requireMember(request).user.id, request.params.id, request.body.scrambleImage),
  );

  app.delete(
    "/api/tagged-posts/:id",
    { config: member, schema: { params: postIdParamsSchema, response: { 200: deletePostResponseSchema } } },
    async (request) => {
      await postsService.delete(requireMember(request).user.id, request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    "/api/tagged-posts/:id/report",
    {
      config: member,
      schema: {
        params: postIdParamsSchema,
        body: reportPostBodySchema,
        response: { 201: reportPostResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await postsService.report(
        requireMember(request).user.id,
        request.params.id,
        request.body?.reason,
      );
      return reply.status(201).send(result);
    },
  );
};
