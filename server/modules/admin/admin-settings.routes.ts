import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { aiSettingsSchema, imageBannerBodySchema, siteSettingsSchema } from "#contract/api/admin-settings.ts";
import { imageBannerSchema } from "#contract/api/posts.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminSettingsService } from "./admin-settings.service.ts";

type Options = { adminSettingsService: AdminSettingsService };

/**
 * The Image Banner, AI Settings and Settings sections (under /api/admin). The banner's read is the public
 * GET /api/image-banner; the popups' writes sit beside their public reads (admin-popups.routes.ts).
 */
export const adminSettingsRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminSettingsService }) => {
  app.put(
    "/image-banner",
    { schema: { body: imageBannerBodySchema, response: { 200: imageBannerSchema } } },
    (request) => adminSettingsService.setImageBanner(requireMember(request).user, request.body),
  );

  app.get("/ai-settings", { schema: { response: { 200: aiSettingsSchema } } }, () =>
    adminSettingsService.ai(),
  );
  app.put(
    "/ai-settings",
    { schema: { body: aiSettingsSchema, response: { 200: aiSettingsSchema } } },
    (request) => adminSettingsService.setAi(requireMember(request).user, request.body),
  );

  app.get("/settings", { schema: { response: { 200: siteSettingsSchema } } }, () =>
    adminSettingsService.site(),
  );
  app.post(
    "/settings",
    { schema: { body: siteSettingsSchema, response: { 200: siteSettingsSchema } } },
    (request) => adminSettingsService.setSite(requireMember(request).user, request.body),
  );
};
