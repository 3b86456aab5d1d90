import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  deleteSearchHistoryResponseSchema,
  publicSearchQuerySchema,
  publicSearchResponseSchema,
  searchHistoryResponseSchema,
  trackInternalSearchBodySchema,
  trackResponseSchema,
  trackSearchBodySchema,
} from "#contract/api/search.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { memberOrClient } from "#server/plugins/attempt-limit.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { SearchService, Visitor } from "./search.service.ts";

const member = { access: "member" } as const;
/** Tracking is open to visitors who are not signed in, so it is rate-limited per client. */
const trackingLimit = { access: "public", rateLimit: { max: 120, timeWindow: 60_000 } } as const;

/**
 * The visitor of a search or view. A browser another site sent here (a link, a redirect, a form) says
 * `Sec-Fetch-Site: cross-site`: such a request never records the member by name, or any page could enrol its
 * signed-in visitors into a post owner's analytics.
 */
function visitorOf(request: FastifyRequest): Visitor {
  const userAgent = request.headers["user-agent"] ?? "";
  if (!request.auth) return { ipAddress: request.ip, userAgent };
  const site = request.headers["sec-fetch-site"];
  return { user: request.auth.user, fromOtherSite: site === "cross-site" || site === "same-site" };
}

const metaOf = (request: FastifyRequest) => ({
  ipAddress: request.ip,
  userAgent: request.headers["user-agent"],
});

export const searchRoutes: FastifyPluginAsyncZod<{ searchService: SearchService }> = async (
  app,
  { searchService },
) => {
  app.get(
    "/api/public/tagged-posts",
    {
      config: {
        access: "public",
        rateLimit: {
          max: RATE_LIMITS.publicSearch.max,
          timeWindow: RATE_LIMITS.publicSearch.windowMs,
          keyGenerator: memberOrClient,
        },
      },
      schema: { querystring: publicSearchQuerySchema, response: { 200: publicSearchResponseSchema } },
    },
    (request) => searchService.search(request.query.search, visitorOf(request), metaOf(request)),
  );

  app.post(
    "/api/track-search",
    {
      config: trackingLimit,
      schema: { body: trackSearchBodySchema, response: { 202: trackResponseSchema } },
    },
    async (request, reply) => {
      const result = await searchService.track(visitorOf(request), request.body, metaOf(request));
      return reply.status(202).send(result);
    },
  );

  app.post(
    "/api/track-internal-search",
    {
      config: trackingLimit,
      schema: { body: trackInternalSearchBodySchema, response: { 202: trackResponseSchema } },
    },
    async (request, reply) => {
      const result = await searchService.track(visitorOf(request), request.body, metaOf(request));
      return reply.status(202).send(result);
    },
  );

  app.get(
    "/api/user-search-history",
    { config: member, schema: { response: { 200: searchHistoryResponseSchema } } },
    (request) => searchService.history(requireMember(request).user),
  );

  app.delete(
    "/api/user-search-history",
    { config: member, schema: { response: { 200: deleteSearchHistoryResponseSchema } } },
    (request) => searchService.deleteHistory(requireMember(request).user),
  );
};
