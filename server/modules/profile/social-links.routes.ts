import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { socialLinksSchema } from "#contract/api/social-links.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { ProfileService } from "./profile.service.ts";

export const socialLinksRoutes: FastifyPluginAsyncZod<{ profileService: ProfileService }> = async (
  app,
  { profileService },
) => {
  app.get(
    "/api/me/social-links",
    { config: { access: "member" }, schema: { response: { 200: socialLinksSchema } } },
    (request) => profileService.socialLinks(requireMember(request).user),
  );

  app.post(
    "/api/me/social-links",
    {
      config: { access: "member" },
      schema: { body: socialLinksSchema, response: { 200: socialLinksSchema } },
    },
    (request) => profileService.setSocialLinks(requireMember(request).user.id, request.body),
  );
};
