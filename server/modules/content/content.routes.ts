import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { imageBannerSchema } from "#contract/api/posts.ts";
import { termsResponseSchema } from "#contract/api/terms.ts";
import type { ContentService } from "./content.service.ts";

export const contentRoutes: FastifyPluginAsyncZod<{ contentService: ContentService }> = async (
  app,
  { contentService },
) => {
  app.get("/api/image-banner", { schema: { response: { 200: imageBannerSchema } } }, () =>
    contentService.imageBanner(),
  );

  app.get("/api/terms", { schema: { response: { 200: termsResponseSchema } } }, () => contentService.terms());
};
