import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { socialLinksSchema } from "#contract/api/social-links.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { ProfileService } from "./profile.service.ts";

export const socialLinksRoutes: FastifyPluginAsyncZod<{ profileService: ProfileService }> = async (
  app,
  { profileService },
) => {
  app.addHook("onRoute", documentedUnder("Profile"));

  app.get(
    "/api/me/social-links",
    {
      config: { access: "member" },
      schema: {
        operationId: "getSocialLinks",
        summary: "The signed-in member's social links and shortcuts",
        response: { 200: socialLinksSchema },
      },
    },
    (request) => profileService.socialLinks(requireMember(request).user),
  );

  app.post(
    "/api/me/social-links",
    {
      config: { access: "member" },
      schema: {
        operationId: "replaceSocialLinks",
        summary: "Replace the signed-in member's social links and shortcuts",
        description:
          "Replaces both lists; an empty platform address removes that platform. Links must be http(s) " +
          "addresses. Answers the links as stored.",
        body: socialLinksSchema,
        response: { 200: socialLinksSchema },
      },
    },
    (request) => profileService.setSocialLinks(requireMember(request).user.id, request.body),
  );
};
