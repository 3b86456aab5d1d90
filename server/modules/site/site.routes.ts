import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { siteDomain, siteInfoSchema } from "#contract/api/site.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";

/** GET /api/site: the public part of the configuration the web app needs (the montage watermark's domain). */
export const siteRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.addHook("onRoute", documentedUnder("Site"));

  const info = { publicUrl, domain: siteDomain(publicUrl) };
  app.get(
    "/api/site",
    {
      config: { access: "public" },
      schema: {
        operationId: "getSiteInfo",
        summary: "This server's public address and the domain printed on montages",
        response: { 200: siteInfoSchema },
      },
    },
    () => info,
  );
};
