import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { siteDomain, siteInfoSchema } from "#contract/api/site.ts";

/** GET /api/site: the public part of the configuration the web app needs (the montage watermark's domain). */
export const siteRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const info = { publicUrl, domain: siteDomain(publicUrl) };
  app.get(
    "/api/site",
    { config: { access: "public" }, schema: { response: { 200: siteInfoSchema } } },
    () => info,
  );
};
