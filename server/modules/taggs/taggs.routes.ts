import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { profileResponseSchema } from "#contract/api/profile.ts";
import { checkTaggQuerySchema, checkTaggResponseSchema, claimTaggBodySchema } from "#contract/api/taggs.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import type { ProfileService } from "#server/modules/profile/profile.service.ts";
import { memberOrClient } from "#server/plugins/attempt-limit.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { TaggsService } from "./taggs.service.ts";

type Options = { taggsService: TaggsService; profileService: ProfileService };

export const taggsRoutes: FastifyPluginAsyncZod<Options> = async (app, { taggsService, profileService }) => {
  app.get(
    "/api/check-tagg",
    {
      config: {
        access: "member",
        rateLimit: {
          max: RATE_LIMITS.nameCheck.max,
          timeWindow: RATE_LIMITS.nameCheck.windowMs,
          keyGenerator: memberOrClient,
        },
      },
      schema: { querystring: checkTaggQuerySchema, response: { 200: checkTaggResponseSchema } },
    },
    (request) => taggsService.isAvailable(request.query.tagg),
  );

  app.post(
    "/api/me/tagg",
    {
      config: { access: "member" },
      schema: { body: claimTaggBodySchema, response: { 200: profileResponseSchema } },
    },
    async (request) =>
      profileService.toProfile(await taggsService.claim(requireMember(request).user, request.body.tagg)),
  );
};
