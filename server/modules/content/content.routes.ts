import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  helpContentSchema,
  popupSchema,
  sectionListSchema,
  sectionNameParamsSchema,
  sectionSchema,
  whatWeDoSchema,
} from "#contract/api/content.ts";
import { imageBannerSchema } from "#contract/api/posts.ts";
import { termsResponseSchema } from "#contract/api/terms.ts";
import type { SettingsService } from "#server/modules/settings/settings.service.ts";
import type { ContentService } from "./content.service.ts";

/** Content the admin panel writes and every visitor reads. */
const anyone = { access: "public" } as const;

type Options = { contentService: ContentService; settingsService: SettingsService };

export const contentRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { contentService, settingsService },
) => {
  for (const name of ["greetings", "saved-images", "hide-searches"] as const) {
    app.get(`/api/${name}-popup`, { config: anyone, schema: { response: { 200: popupSchema } } }, () =>
      settingsService.popup(name),
    );
  }

  app.get("/api/what-we-do-content", { config: anyone, schema: { response: { 200: whatWeDoSchema } } }, () =>
    contentService.whatWeDo(),
  );

  app.get("/api/sections", { config: anyone, schema: { response: { 200: sectionListSchema } } }, () =>
    contentService.sections(),
  );

  app.get(
    "/api/sections/:name",
    { config: anyone, schema: { params: sectionNameParamsSchema, response: { 200: sectionSchema } } },
    (request) => contentService.section(request.params.name),
  );

  app.get(
    "/api/help-content/:name",
    { config: anyone, schema: { params: sectionNameParamsSchema, response: { 200: helpContentSchema } } },
    (request) => contentService.help(request.params.name),
  );

  app.get("/api/image-banner", { config: anyone, schema: { response: { 200: imageBannerSchema } } }, () =>
    settingsService.imageBanner(),
  );

  app.get("/api/terms", { config: anyone, schema: { response: { 200: termsResponseSchema } } }, () =>
    contentService.terms(),
  );
};
