import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { RATE_LIMITS } from "#contract/limits.ts";
import { errorBody } from "#server/lib/app-error.ts";
import { sendPage } from "./compressed-page.ts";
import { createPageRenderer, type PageSources } from "./page-renderer.ts";
import { routeLimit } from "./route-limit.ts";

const API_PREFIXES = ["/api/", "/uploads/"];

/**
 * Source maps would publish the web app's original source. The build makes none (vite.config.ts); one left
 * in the web root by another build is still never served, and its address answers 404, not the app.
 */
const isSourceMap = (pathname: string) => pathname.endsWith(".map");

/** A page's chunk as a module preload; an API answer the page asks for at once as a fetch preload. */
const preloadLink = (file: string) =>
  file.startsWith("/api/")
    ? `<link rel="preload" href="${file}" as="fetch" crossorigin="use-credentials">`
    : `<link rel="modulepreload" crossorigin href="${file}">`;

/**
 * index.html for each page route with preloads for the page's chunks and first API answers, from the map the
 * build writes (scripts/page-preloads-plugin.ts): the browser fetches them beside the entry script. A page
 * without preloads gets index.html as it is.
 */
function pageHtml(webRoot: string) {
  const index = readFileSync(path.join(webRoot, "index.html"), "utf8");
  const mapFile = path.join(webRoot, ".vite/page-preloads.json");
  const preloads: Record<string, string[]> = existsSync(mapFile)
    ? JSON.parse(readFileSync(mapFile, "utf8"))
    : {};
  const pages = new Map(
    Object.entries(preloads).map(([page, files]) => {
      const links = files.map(preloadLink).join("\n    ");
      return [page, index.replace("</head>", `  ${links}\n  </head>`)];
    }),
  );
  return (pathname: string) => pages.get(`/${pathname.split("/")[1] ?? ""}`) ?? index;
}

function wantsApp(request: FastifyRequest): boolean {
  const pathname = request.url.split("?")[0] ?? "/";
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || pathname === "/api") return false;
  return !isSourceMap(pathname);
}

/** The visitor's own headers that decide an API answer: their session, and what their browser is. */
const FORWARDED_HEADERS = ["cookie", "user-agent", "accept-language"] as const;

/**
 * A GET of the API made for the visitor of `request`, as their browser would make it: through every hook
 * (session, rate limits by their address, admission), so a page rendered with the answer shows what the
 * visitor may see and nothing else. Undefined for any answer but 200.
 */
function visitorsAnswer(app: FastifyInstance) {
  return async (request: FastifyRequest, url: string): Promise<unknown> => {
    const headers = Object.fromEntries(
      FORWARDED_HEADERS.flatMap((name) => {
        const value = request.headers[name];
        return typeof value === "string" ? [[name, value]] : [];
      }),
    );
    const response = await app.inject({ method: "GET", url, headers, remoteAddress: request.ip });
    return response.statusCode === 200 ? response.json() : undefined;
  };
}

/**
 * Serves the built web app from `webRoot` (hashed assets cached for a year, index.html never cached; each in
 * its precompressed brotli or gzip form when the client accepts one) and
 * answers every other non-API GET with index.html so the client router can show the page: 200 for one of the
 * app's pages, 404 (with the not-found page already drawn, when the build has its renderer) for any other path.
 * Unknown API routes get a JSON 404. The fallback is rate-limited per client, so probing for routes is cheap
 * to refuse.
 */
async function webApp(app: FastifyInstance, opts: PageSources & { webRoot: string }) {
  const indexFile = path.join(opts.webRoot, "index.html");
  const hasWebApp = existsSync(indexFile);
  const htmlFor = hasWebApp ? pageHtml(opts.webRoot) : () => "";
  const rendered = hasWebApp
    ? createPageRenderer({ ...opts, answer: visitorsAnswer(app), template: htmlFor, log: app.log })
    : async () => ({ found: true, html: undefined });
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: opts.webRoot,
      wildcard: false,
      index: false,
      // dist/web holds a .br and a .gz beside each text asset (vite.config.ts): no compression per request.
      preCompressed: true,
      allowedPath: (pathname) => !isSourceMap(pathname),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  const preHandler = app.rateLimit(routeLimit(RATE_LIMITS.notFound));
  app.setNotFoundHandler({ preHandler }, async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (hasWebApp && wantsApp(request)) {
      const { found, html } = await rendered(request);
      // A rendered page may show who is signed in: no shared cache may keep it, and none at all a member's.
      const cacheControl = request.auth
        ? "private, no-store"
        : html === undefined
          ? "no-cache"
          : "private, no-cache";
      // A path the app has no page for shows the not-found page, and says so to crawlers and monitors.
      reply
        .status(found ? 200 : 404)
        .header("cache-control", cacheControl)
        .type("text/html");
      return sendPage(request, reply, html ?? htmlFor(pathname));
    }
    return reply
      .status(404)
      .send(errorBody("route_not_found", `Route ${request.method} ${pathname} not found`));
  });
}

export const webAppPlugin = fp(webApp, {
  name: "tagit-web-app",
  dependencies: ["@fastify/rate-limit", "tagit-error-handler"],
});
