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

type Options = { contentService: ContentService; settingsService: SettingsService };

export const contentRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { contentService, settingsService },
) => {
  for (const name of ["greetings", "saved-images", "hide-searches"] as const) {
    app.get(`/api/${name}-popup`, { schema: { response: { 200: popupSchema } } }, () =>
      settingsService.popup(name),
    );
  }

  app.get("/api/what-we-do-content", { schema: { response: { 200: whatWeDoSchema } } }, () =>
    contentService.whatWeDo(),
  );

  app.get("/api/sections", { schema: { response: { 200: sectionListSchema } } }, () =>
    contentService.sections(),
  );

  app.get(
    "/api/sections/:name",
    { schema: { params: sectionNameParamsSchema, response: { 200: sectionSchema } } },
    (request) => contentService.section(request.params.name),
  );

  app.get(
    "/api/help-content/:name",
    { schema: { params: sectionNameParamsSchema, response: { 200: helpContentSchema } } },
    (request) => contentService.help(request.params.name),
  );

  app.get("/api/image-banner", { schema: { response: { 200: imageBannerSchema } } }, () =>
    settingsService.imageBanner(),
  );

  app.get("/api/terms", { schema: { response: { 200: termsResponseSchema } } }, () => contentService.terms());
};
