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
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import { memberOrClient, routeLimit } from "#server/plugins/route-limit.ts";
import type { SearchService, Visitor } from "./search.service.ts";

const member = { access: "member" } as const;
/** Tracking is open to visitors who are not signed in, so it is rate-limited per client. */
const trackingLimit = { access: "public", rateLimit: routeLimit(RATE_LIMITS.tracking) } as const;

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
  app.addHook("onRoute", documentedUnder("Search"));

  app.get(
    "/api/public/tagged-posts",
    {
      config: {
        access: "public",
        rateLimit: routeLimit(RATE_LIMITS.publicSearch, memberOrClient),
      },
      schema: {
        operationId: "searchTaggedPosts",
        summary: "Find posts by their exact name or their owner's tagg",
        description:
          "An exact match, case-insensitive, on a post name or a tagg (with or without `@`); no term or a " +
          "blank one answers `[]`, never a listing. Hidden posts, and the posts of hidden members or taggs, " +
          "are not found; under a tagg, a post that hides personal information is found only by its owner. " +
          "The owner's name, tagg and picture are null when the post hides personal information, except " +
          "for the owner (`isOwn`). A term of 3 or more characters is recorded in the analytics of the " +
          "owners found, by name or anonymously as the searcher's privacy mode says, so `trackSearch` need " +
          "not be called for the same search.",
        querystring: publicSearchQuerySchema,
        response: { 200: publicSearchResponseSchema },
      },
    },
    (request) => searchService.search(request.query.search, visitorOf(request), metaOf(request)),
  );

  app.post(
    "/api/track-search",
    {
      config: trackingLimit,
      schema: {
        operationId: "trackSearch",
        summary: "Record a search, or a view of one post, in its owners' analytics",
        description:
          "The server applies the rules and answers what it did: a term under 3 characters (`too_short`), " +
          "the same search or view by the same visitor within 5 seconds (`duplicate`), only the caller's " +
          "own posts (`own_post`) or nothing found (`not_found`) record nothing. With a `postId` the post's " +
          "own name is recorded, never the term sent. A signed-in caller is recorded by name only in " +
          "`show` mode and when the request did not come from another site; otherwise anonymously.",
        body: trackSearchBodySchema,
        response: { 202: trackResponseSchema },
      },
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
      schema: {
        operationId: "trackInternalSearch",
        summary: "Record a search from inside the dashboard in its target's analytics",
        description:
          "As `trackSearch`, aimed at a post (`postId`) or at a member (`targetTagg`); the post's name or " +
          "the tagg is recorded, never the term sent.",
        body: trackInternalSearchBodySchema,
        response: { 202: trackResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await searchService.track(visitorOf(request), request.body, metaOf(request));
      return reply.status(202).send(result);
    },
  );

  app.get(
    "/api/user-search-history",
    {
      config: member,
      schema: {
        operationId: "listOwnSearchHistory",
        summary: "List my own searches and views, newest first",
        description:
          "Only what was recorded by name: searches and views made anonymously (hide or pause mode, signed " +
          "out, or sent from another site) were never recorded against the caller. A post that hid its " +
          "owner when it was seen keeps hiding them here, even once deleted. An entry at an owner who has " +
          "since blocked the caller keeps what was recorded then (term, action, time, the post's name) and " +
          "nothing of the owner or the post as they are now.",
        response: { 200: searchHistoryResponseSchema },
      },
    },
    (request) => searchService.history(requireMember(request).user),
  );

  app.delete(
    "/api/user-search-history",
    {
      config: member,
      schema: {
        operationId: "deleteOwnSearchHistory",
        summary: "Delete my search history",
        description:
          "My searches and views recorded by name leave my history and every owner's analytics; anonymous " +
          "ones were never linked to me and stay as the owners see them.",
        response: { 200: deleteSearchHistoryResponseSchema },
      },
    },
    (request) => searchService.deleteHistory(requireMember(request).user),
  );
};
