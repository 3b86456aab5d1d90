import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { MESSAGES } from "#contract/errors.ts";
import { AppError } from "#server/lib/app-error.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

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
 * CSRF protection without tokens: a state-changing request must come from our own origin.
 * Browsers always send Origin (and Sec-Fetch-Site) on such requests, so a foreign page is refused.
 */
export const originCheckPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string }) => {
    const publicOrigin = new URL(opts.publicUrl).origin;
    app.addHook("onRequest", async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (!originAllowed(request, publicOrigin))
        throw new AppError("forbidden_origin", MESSAGES.forbiddenOrigin);
    });
  },
  { name: "tagit-origin-check", dependencies: ["tagit-error-handler"] },
);
