import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { MESSAGES } from "#contract/errors.ts";
import { AppError } from "#server/lib/app-error.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A GET that begins work the member pays for (a data export, which spends the hour's allowance): refused
     * from another site like a state-changing request. A link on another page must not begin it.
     */
    beginsWork?: true;
  }
}

function originAllowed(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite === "cross-site" || fetchSite === "same-site") return false;
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser form or fetch: API clients, curl, server-to-server
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * CSRF protection without tokens: a state-changing request, or a GET that begins work, must come from our own
 * origin. Browsers always send Sec-Fetch-Site (and Origin on a state-changing request), so a foreign page is
 * refused; a navigation the member typed or bookmarked says `none` and passes.
 */
export const originCheckPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string }) => {
    const publicOrigin = new URL(opts.publicUrl).origin;
    app.addHook("onRequest", async (request) => {
      if (SAFE_METHODS.has(request.method) && !request.routeOptions.config.beginsWork) return;
      if (!originAllowed(request, publicOrigin))
        throw new AppError("forbidden_origin", MESSAGES.forbiddenOrigin);
    });
  },
  { name: "tagit-origin-check", dependencies: ["tagit-error-handler"] },
);
