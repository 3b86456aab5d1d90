import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { aiSettingsSchema, imageBannerBodySchema, siteSettingsSchema } from "#contract/api/admin-settings.ts";
import { imageBannerSchema } from "#contract/api/posts.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminSettingsService } from "./admin-settings.service.ts";

type Options = { adminSettingsService: AdminSettingsService };

/**
 * The Image Banner, AI Settings and Settings sections (under /api/admin). The banner's read is the public
 * GET /api/image-banner; the popups' writes sit beside their public reads (admin-popups.routes.ts). The banner
 * is content a member sees, so the document files it with the popups under "Admin content".
 */
export const adminSettingsRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminSettingsService }) => {
  app.addHook("onRoute", documentedUnder("Admin settings"));

  app.put(
    "/image-banner",
    {
      schema: {
        tags: ["Admin content"],
        operationId: "adminUpdateImageBanner",
        summary: "Change the banner printed across downloaded images, or turn it off",
        description:
          "The text is kept while the banner is off, so it is always required. `GET /api/image-banner` answers " +
          "the new banner at once. Audited with the values that changed.",
        body: imageBannerBodySchema,
        response: { 200: imageBannerSchema },
      },
    },
    (request) => adminSettingsService.setImageBanner(requireMember(request).user, request.body),
  );

  app.get(
    "/ai-settings",
    {
      schema: {
        operationId: "adminGetAiSettings",
        summary: "The AI switches",
        description:
          "Whether AI features are on, and whether free members get them too (premium members do while they " +
          "are on). No feature uses them yet.",
        response: { 200: aiSettingsSchema },
      },
    },
    () => adminSettingsService.ai(),
  );
  app.put(
    "/ai-settings",
    {
      schema: {
        operationId: "adminUpdateAiSettings",
        summary: "Change the AI switches",
        description: "Both switches are required. Audited with the values that changed.",
        body: aiSettingsSchema,
        response: { 200: aiSettingsSchema },
      },
    },
    (request) => adminSettingsService.setAi(requireMember(request).user, request.body),
  );

  app.get(
    "/settings",
    {
      schema: {
        operationId: "adminGetSiteSettings",
        summary: "Whether the free option is shown beside Premium",
        response: { 200: siteSettingsSchema },
      },
    },
    () => adminSettingsService.site(),
  );
  app.post(
    "/settings",
    {
      schema: {
        operationId: "adminUpdateSiteSettings",
        summary: "Show or hide the free option beside Premium",
        description:
          "The payments page shows a free-access card beside the Premium plan while it is on; " +
          "`GET /api/settings/free-option` follows at once. Audited with the value that changed.",
        body: siteSettingsSchema,
        response: { 200: siteSettingsSchema },
      },
    },
    (request) => adminSettingsService.setSite(requireMember(request).user, request.body),
  );
};
