import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  bulkDeleteResponseSchema,
  bulkUpdateResponseSchema,
  checkPostNameQuerySchema,
  checkPostNameResponseSchema,
  createTaggedPostBodySchema,
  postIdParamsSchema,
  reportPostBodySchema,
  reportPostResponseSchema,
  taggedPostListSchema,
  taggedPostSchema,
  updateTaggedPostBodySchema,
} from "#contract/api/posts.ts";
import { successSchema } from "#contract/api/success.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import { memberOrClient, routeLimit } from "#server/plugins/route-limit.ts";
import type { PostsService } from "./posts.service.ts";

const member = { access: "member" } as const;

export const postsRoutes: FastifyPluginAsyncZod<{ postsService: PostsService }> = async (
  app,
  { postsService },
) => {
  app.addHook("onRoute", documentedUnder("Posts"));

  app.get(
    "/api/check-post-name",
    {
      config: {
        ...member,
        rateLimit: routeLimit(RATE_LIMITS.nameCheck, memberOrClient),
      },
      schema: {
        operationId: "checkPostName",
        summary: "Whether a post name is free, with free alternatives when it is not",
        description:
          "Names are compared without regard to case or surrounding spaces. `suggestions` is empty when the " +
          "name is free. Limited per member.",
        querystring: checkPostNameQuerySchema,
        response: { 200: checkPostNameResponseSchema },
      },
    },
    (request) => postsService.checkName(request.query.name),
  );

  app.get(
    "/api/tagged-posts",
    {
      config: member,
      schema: {
        operationId: "listOwnTaggedPosts",
        summary: "The signed-in member's tagged posts",
        response: { 200: taggedPostListSchema },
      },
    },
    (request) => postsService.listOwn(requireMember(request).user.id),
  );

  app.post(
    "/api/tagged-posts",
    {
      config: member,
      schema: {
        operationId: "createTaggedPost",
        summary: "Publish a tagged post",
        description:
          "`originalImage` and `scrambledImage` are the addresses `uploadImage` answered for one of the " +
          "member's own uploads (400 `validation` otherwise). Post names are unique across Tagit: a taken one " +
          "is 409 `name_taken` with free `suggestions`.",
        errors: ["name_taken"],
        body: createTaggedPostBodySchema,
        response: { 201: taggedPostSchema },
      },
    },
    async (request, reply) => {
      const post = await postsService.create(requireMember(request).user, request.body);
      return reply.status(201).send(post);
    },
  );

  // The router matches a static segment before a parameter, in whatever order routes are declared, so
  // `/bulk-hide` and its siblings never reach the `/:id` routes below.
  app.patch(
    "/api/tagged-posts/bulk-hide",
    {
      config: member,
      schema: {
        operationId: "hideAllOwnTaggedPosts",
        summary: "Hide all of the signed-in member's posts from search",
        description:
          "A Premium feature (403 `subscription_required` otherwise). Answers how many posts it set.",
        errors: ["subscription_required"],
        response: { 200: bulkUpdateResponseSchema },
      },
    },
    (request) => postsService.setVisibilityOfAll(requireMember(request).user, false),
  );

  app.patch(
    "/api/tagged-posts/bulk-show",
    {
      config: member,
      schema: {
        operationId: "showAllOwnTaggedPosts",
        summary: "Show all of the signed-in member's posts in search again",
        description:
          "A Premium feature (403 `subscription_required` otherwise). Posts held for the moderators' review " +
          "stay hidden. Answers how many posts it set.",
        errors: ["subscription_required"],
        response: { 200: bulkUpdateResponseSchema },
      },
    },
    (request) => postsService.setVisibilityOfAll(requireMember(request).user, true),
  );

  app.delete(
    "/api/tagged-posts/bulk-delete",
    {
      config: member,
      schema: {
        operationId: "deleteAllOwnTaggedPosts",
        summary: "Delete all of the signed-in member's posts",
        description: "Their images go with them. Answers how many posts were deleted.",
        response: { 200: bulkDeleteResponseSchema },
      },
    },
    (request) => postsService.deleteAll(requireMember(request).user.id),
  );

  app.patch(
    "/api/tagged-posts/:id",
    {
      config: member,
      schema: {
        operationId: "setTaggedPostScramble",
        summary: "Scramble or unscramble one of the signed-in member's posts",
        description:
          "Strangers see the scrambled copy of a scrambled post's image. 404 for another member's post.",
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
    {
      config: member,
      schema: {
        operationId: "deleteTaggedPost",
        summary: "Delete one of the signed-in member's posts",
        description: "Its images go with it. 404 for another member's post.",
        params: postIdParamsSchema,
        response: { 200: successSchema },
      },
    },
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
        operationId: "reportTaggedPost",
        summary: "Report another member's post to the moderators",
        description:
          "Once per member and post (409 `conflict` after that); a member cannot report their own post (400 " +
          "`validation`), nor a hidden one, nor one whose owner blocked them (404, as for a missing post). " +
          "Every report is kept; it counts toward the automatic " +
          "action only when the reporter's e-mail is verified and their account is old enough (24 hours by " +
          "default). The report that brings the counted reports to the threshold the administrators set " +
          "hides or deletes the post at once: `removed` says it no longer shows.",
        errors: ["conflict"],
        params: postIdParamsSchema,
        body: reportPostBodySchema,
        response: { 201: reportPostResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await postsService.report(
        requireMember(request).user,
        request.params.id,
        request.body?.reason,
      );
      return reply.status(201).send(result);
    },
  );
};
