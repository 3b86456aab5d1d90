import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  privacySettingsSchema,
  toggleVisibilityBodySchema,
  toggleVisibilityResponseSchema,
  updatePrivacyBodySchema,
  updatePrivacyResponseSchema,
} from "#contract/api/privacy.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { PrivacyService } from "./privacy.service.ts";

const member = { access: "member" } as const;

export const privacyRoutes: FastifyPluginAsyncZod<{ privacyService: PrivacyService }> = async (
  app,
  { privacyService },
) => {
  app.addHook("onRoute", documentedUnder("Privacy"));

  app.get(
    "/api/privacy-settings",
    {
      config: member,
      schema: {
        operationId: "getPrivacySettings",
        summary: "Get how my searches and views are recorded now",
        description:
          "`show`: by name. `hide` and `pause`: anonymously. A pause returns to `show` by itself after 48 " +
          "hours; `timeRemaining` (hours) and `pauseEndsAt` say when.",
        response: { 200: privacySettingsSchema },
      },
    },
    (request) => privacyService.settings(requireMember(request).user),
  );

  app.post(
    "/api/privacy-settings",
    {
      config: member,
      schema: {
        operationId: "choosePrivacyMode",
        summary: "Choose how my searches and views are recorded",
        description:
          "`hide` is granted only to a member one of whose posts has been viewed by at least 5 distinct " +
          "signed-in members; otherwise it becomes a 48-hour `pause`. The answer says the mode in force and " +
          "the one asked for (`requestedMode`).",
        body: updatePrivacyBodySchema,
        response: { 200: updatePrivacyResponseSchema },
      },
    },
    (request) => privacyService.choose(requireMember(request).user, request.body.privacyMode),
  );

  app.post(
    "/api/tagg/toggle-visibility",
    {
      config: member,
      schema: {
        tags: ["Taggs"],
        operationId: "setTaggVisibility",
        summary: "Hide my tagg and all my posts from search, or show them again",
        body: toggleVisibilityBodySchema,
        response: { 200: toggleVisibilityResponseSchema },
      },
    },
    (request) => privacyService.setHidden(requireMember(request).user, request.body.hidden),
  );
};
