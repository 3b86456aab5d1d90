import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { profileResponseSchema } from "#contract/api/profile.ts";
import { checkTaggQuerySchema, checkTaggResponseSchema, claimTaggBodySchema } from "#contract/api/taggs.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import type { ProfileService } from "#server/modules/profile/profile.service.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import { memberOrClient, routeLimit } from "#server/plugins/route-limit.ts";
import type { TaggsService } from "./taggs.service.ts";

type Options = { taggsService: TaggsService; profileService: ProfileService };

export const taggsRoutes: FastifyPluginAsyncZod<Options> = async (app, { taggsService, profileService }) => {
  app.addHook("onRoute", documentedUnder("Taggs"));

  app.get(
    "/api/check-tagg",
    {
      config: {
        access: "member",
        rateLimit: routeLimit(RATE_LIMITS.nameCheck, memberOrClient),
      },
      schema: {
        operationId: "checkTaggAvailability",
        summary: "Whether a tagg is free to claim",
        description:
          "The tagg is read as a member types it (spaces around it, a leading `@` and upper case are " +
          "ignored); a malformed or reserved one is 400 `validation`. Limited per member.",
        querystring: checkTaggQuerySchema,
        response: { 200: checkTaggResponseSchema },
      },
    },
    (request) => taggsService.isAvailable(request.query.tagg),
  );

  app.post(
    "/api/me/tagg",
    {
      config: { access: "member" },
      schema: {
        operationId: "claimTagg",
        summary: "Claim a free tagg for the signed-in member",
        description:
          "A member claims one tagg, once: 409 `conflict` when they have one already, 409 `name_taken` when " +
          "someone else holds it. Search by tagg finds the member from then on. Answers the updated profile.",
        errors: ["conflict", "name_taken"],
        body: claimTaggBodySchema,
        response: { 200: profileResponseSchema },
      },
    },
    async (request) =>
      profileService.toProfile(await taggsService.claim(requireMember(request).user, request.body.tagg)),
  );
};
