import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  privacySettingsSchema,
  toggleVisibilityBodySchema,
  toggleVisibilityResponseSchema,
  updatePrivacyBodySchema,
  updatePrivacyResponseSchema,
} from "#contract/api/privacy.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { PrivacyService } from "./privacy.service.ts";

const member = { access: "member" } as const;

export const privacyRoutes: FastifyPluginAsyncZod<{ privacyService: PrivacyService }> = async (
  app,
  { privacyService },
) => {
  app.get(
    "/api/privacy-settings",
    { config: member, schema: { response: { 200: privacySettingsSchema } } },
    (request) => privacyService.settings(requireMember(request).user),
  );

  app.post(
    "/api/privacy-settings",
    {
      config: member,
      schema: { body: updatePrivacyBodySchema, response: { 200: updatePrivacyResponseSchema } },
    },
    (request) => privacyService.choose(requireMember(request).user, request.body.privacyMode),
  );

  app.post(
    "/api/tagg/toggle-visibility",
    {
      config: member,
      schema: { body: toggleVisibilityBodySchema, response: { 200: toggleVisibilityResponseSchema } },
    },
    (request) => privacyService.setHidden(requireMember(request).user, request.body.hidden),
  );
};
