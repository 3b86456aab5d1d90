import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  analyticsListSchema,
  deleteAnalyticsBodySchema,
  deleteAnalyticsResponseSchema,
  highestViewedPostSchema,
  postViewersResponseSchema,
  uniqueViewersSchema,
  viewerIdParamsSchema,
  viewerProfileSchema,
} from "#contract/api/analytics.ts";
import { postIdParamsSchema } from "#contract/api/posts.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AnalyticsService } from "./analytics.service.ts";

const member = { access: "member" } as const;

/** A 304 with our headers and no body (and no Content-Length, which strict clients would wait for). */
function sendNotModified(reply: FastifyReply) {
  const headers = reply.getHeaders();
  reply.hijack();
  reply.raw.writeHead(304, headers as Record<string, string>);
  reply.raw.end();
  return reply;
}

export const analyticsRoutes: FastifyPluginAsyncZod<{ analyticsService: AnalyticsService }> = async (
  app,
  { analyticsService },
) => {
  // Polled every 3 s by the web app: a matching If-None-Match is answered 304, from memory when nothing changed.
  app.get(
    "/api/tagg-analytics",
    { config: member, schema: { response: { 200: analyticsListSchema } } },
    async (request, reply) => {
      const ownerId = requireMember(request).user.id;
      const { etag, list } = await analyticsService.poll(ownerId, request.headers["if-none-match"]);
      reply.header("etag", etag).header("cache-control", "private, no-cache");
      return list ?? sendNotModified(reply);
    },
  );

  app.delete(
    "/api/tagg-analytics",
    {
      config: member,
      schema: { body: deleteAnalyticsBodySchema, response: { 200: deleteAnalyticsResponseSchema } },
    },
    (request) => analyticsService.delete(requireMember(request).user.id, request.body.analyticsIds),
  );

  app.get(
    "/api/posts/:id/viewers",
    { config: member, schema: { params: postIdParamsSchema, response: { 200: postViewersResponseSchema } } },
    (request) => analyticsService.viewers(requireMember(request).user.id, request.params.id),
  );

  app.get(
    "/api/user-info/:viewerId",
    { config: member, schema: { params: viewerIdParamsSchema, response: { 200: viewerProfileSchema } } },
    (request) => analyticsService.viewerProfile(requireMember(request).user.id, request.params.viewerId),
  );

  app.get(
    "/api/unique-viewers",
    { config: member, schema: { response: { 200: uniqueViewersSchema } } },
    (request) => analyticsService.uniqueViewers(requireMember(request).user.id),
  );

  app.get(
    "/api/highest-viewed-post",
    { config: member, schema: { response: { 200: highestViewedPostSchema } } },
    (request) => analyticsService.highestViewed(requireMember(request).user.id),
  );
};
