import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  analyticsListSchema,
  deleteAnalyticsBodySchema,
  deleteAnalyticsResponseSchema,
  highestViewedPostSchema,
  postViewersResponseSchema,
  quietWeekListSchema,
  uniqueViewersSchema,
  viewerIdParamsSchema,
  viewerProfileSchema,
} from "#contract/api/analytics.ts";
import { postIdParamsSchema } from "#contract/api/posts.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
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
  app.addHook("onRoute", documentedUnder("Analytics"));

  // Polled every 3 s by the web app: a matching If-None-Match is answered 304, from memory when nothing changed.
  app.get(
    "/api/tagg-analytics",
    {
      config: member,
      schema: {
        operationId: "listOwnAnalytics",
        summary: "List who searched for or viewed my posts, newest first",
        description:
          "The 500 newest entries. A visitor recorded by name appears at once, with the exact time. An " +
          'anonymous one appears as "Anonymous User" without id, some minutes after the end of the window ' +
          "its `createdAt` starts (`timeWindowMinutes` long): the exact moment is never stored. The answer " +
          "carries an `ETag`; sending it back as `If-None-Match` answers 304 with no body while the list is " +
          "unchanged.",
        headers: z.looseObject({
          "if-none-match": z
            .string()
            .optional()
            .describe("The `ETag` of the list the client holds: 304 while it is still current."),
        }),
        response: {
          200: analyticsListSchema,
          304: z.null().describe("Not Modified: the list is still the one `If-None-Match` names."),
        },
      },
    },
    async (request, reply) => {
      const ownerId = requireMember(request).user.id;
      const { etag, list } = await analyticsService.poll(ownerId, request.headers["if-none-match"]);
      reply.header("etag", etag).header("cache-control", "private, no-cache");
      return list ?? sendNotModified(reply);
    },
  );

  app.get(
    "/api/tagg-analytics/quiet-weeks",
    {
      config: member,
      schema: {
        operationId: "listOwnQuietWeeks",
        summary: "List the weeks whose anonymous activity came from too few visitors to show",
        description:
          "Anonymous activity is shown only from windows holding enough distinct anonymous visitors: a window " +
          "with too few waits for the day, then the week. A week that still holds too few is shown only as " +
          'one of these lines ("fewer than 3 anonymous visits this week"), with no post, term, visitor or ' +
          "count; it appears some minutes after the week has ended. Newest first, at most 500.",
        response: { 200: quietWeekListSchema },
      },
    },
    async (request) => analyticsService.quietWeeks(requireMember(request).user.id),
  );

  app.delete(
    "/api/tagg-analytics",
    {
      config: member,
      schema: {
        operationId: "deleteOwnAnalytics",
        summary: "Delete entries from my analytics list",
        description:
          "Ids that are not entries of the caller's list are ignored; `deleted` says how many went.",
        body: deleteAnalyticsBodySchema,
        response: { 200: deleteAnalyticsResponseSchema },
      },
    },
    (request) => analyticsService.delete(requireMember(request).user.id, request.body.analyticsIds),
  );

  app.get(
    "/api/posts/:id/viewers",
    {
      config: member,
      schema: {
        operationId: "listPostViewers",
        summary: "List who viewed one of my posts, most recent first",
        description:
          "One row per viewer with their number of views. An anonymous viewer counts in `totalUnique` but " +
          'appears as "Anonymous User" without id, name or picture. Another member\'s post answers 403 ' +
          "`forbidden`; one the caller may not see (hidden, held for review, or its owner blocked them) " +
          "answers 404 `not_found`, as a missing post does.",
        errors: ["forbidden", "not_found"],
        params: postIdParamsSchema,
        response: { 200: postViewersResponseSchema },
      },
    },
    (request) => analyticsService.viewers(requireMember(request).user.id, request.params.id),
  );

  app.get(
    "/api/user-info/:viewerId",
    {
      config: member,
      schema: {
        operationId: "getViewerProfile",
        summary: "Get the public profile of a member who viewed my posts",
        description:
          "Only a member recorded by name searching for or viewing one of the caller's posts; anyone else, " +
          "or the caller, is 404 `not_found`.",
        params: viewerIdParamsSchema,
        response: { 200: viewerProfileSchema },
      },
    },
    (request) => analyticsService.viewerProfile(requireMember(request).user.id, request.params.viewerId),
  );

  app.get(
    "/api/unique-viewers",
    {
      config: member,
      schema: {
        operationId: "countUniqueViewers",
        summary: "Count the distinct visitors across all my posts",
        description: "An anonymous visitor counts once per pseudonym.",
        response: { 200: uniqueViewersSchema },
      },
    },
    (request) => analyticsService.uniqueViewers(requireMember(request).user.id),
  );

  app.get(
    "/api/highest-viewed-post",
    {
      config: member,
      schema: {
        operationId: "getMostViewedPost",
        summary: "Get my post with the most unique viewers",
        description: "null while none of the caller's posts has been viewed.",
        response: { 200: highestViewedPostSchema },
      },
    },
    (request) => analyticsService.highestViewed(requireMember(request).user.id),
  );
};
