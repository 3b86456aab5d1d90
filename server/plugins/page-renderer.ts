import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Profile } from "#contract/api/profile.ts";
import type { TermsResponse } from "#contract/api/terms.ts";
import {
  isServerRenderedPage,
  PAGE_STATE_ELEMENT_ID,
  type RenderedPage,
  type RenderPage,
} from "#contract/page-render.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { sanitizeStoredHtml } from "#server/lib/sanitize-html.ts";
import { loadAppAfterPaint } from "./app-after-paint.ts";

/** What the renderer reads for a request: the signed-in member's profile and the published terms. */
export type PageSources = {
  profileOf: (user: ProfileRow) => Profile;
  terms: () => Promise<TermsResponse>;
};

type Options = PageSources & {
  webRoot: string;
  /** index.html for a page, with its chunks' preloads (web-app.ts). */
  template: (pathname: string) => string;
  log: FastifyBaseLogger;
};

/** The server entry the build writes beside the web app (`vite build --ssr`, vite.config.ts). */
export const renderModulePath = (webRoot: string) =>
  path.join(webRoot, "..", "web-render", "entry-server.js");

const DATA_PRELOAD = /\s*<link rel="preload" href="\/api\/[^"]*" as="fetch"[^>]*>/g;
const TITLE = /<title>[^<]*<\/title>/;
const ROOT = '<div id="root"></div>';
const THEME = /data-theme="[^"]*"/;

/** The document for a rendered page: its title, its HTML inside the root, and the answers it was rendered with. */
function documentFor(template: string, page: RenderedPage, theme: string | undefined): string {
  const html = loadAppAfterPaint(template)
    // The page carries its answers: no request for them while its scripts download.
    .replace(DATA_PRELOAD, "")
    .replace(TITLE, () => `<title>${page.title}</title>`)
    .replace(
      ROOT,
      () =>
        `<div id="root">${page.root}</div><script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${page.state}</script>`,
    );
  // The member's colours from the first paint, as the app sets them once it runs (a name from THEMES).
  return theme ? html.replace(THEME, `data-theme="${theme}"`) : html;
}

const termsVersion = (terms: TermsResponse) =>
  createHash("sha256").update(JSON.stringify(terms)).digest("base64url");

/**
 * Renders the public pages' first HTML on the server (decision 056) with the web app's own components, so a
 * visitor sees the landing copy, the search form and the current terms before any script has run. A visitor's
 * page is rendered once and kept — per page, and for /terms per version of the terms (read from the database
 * on each request, so an administrator's edit shows at once on every instance). A member's page, or a page
 * with a query string, is rendered for that request. Answers undefined when the page is not one of these, the
 * build has no renderer, or rendering failed: the browser then renders the page alone, as before.
 */
export function createPageRenderer(options: Options) {
  const modulePath = renderModulePath(options.webRoot);
  if (!existsSync(modulePath)) return async () => undefined;
  // Loaded from start, without holding the start up: the first page waits for it if it comes sooner.
  const loading = import(pathToFileURL(modulePath).href).then(
    (module: { renderPage: RenderPage }) => module.renderPage,
  );
  loading.catch((error) => options.log.error({ err: error }, "loading the page renderer failed"));
  const kept = new Map<string, { version: string; html: string }>();

  return async (request: FastifyRequest): Promise<string | undefined> => {
    const [pathname = "/", query] = request.url.split("?");
    if (!isServerRenderedPage(pathname)) return undefined;
    try {
      const profile = request.auth ? options.profileOf(request.auth.user) : null;
      const terms = pathname === "/terms" ? await options.terms() : undefined;
      const keep = profile === null && query === undefined;
      const version = terms ? termsVersion(terms) : "";
      const known = keep ? kept.get(pathname) : undefined;
      if (known?.version === version) return known.html;

      const url = new URL(request.url, "http://tagit.invalid").href;
      // The browser sanitizes the terms before showing them; this HTML is shown before any script runs.
      const shown = terms && { ...terms, content: sanitizeStoredHtml(terms.content) };
      const renderPage = await loading;
      const page = await renderPage(url, { profile, ...(shown && { terms: shown }) });
      const html = documentFor(options.template(pathname), page, profile?.theme);
      if (keep) kept.set(pathname, { version, html });
      return html;
    } catch (error) {
      options.log.error({ err: error, pathname }, "rendering the page on the server failed");
      return undefined;
    }
  };
}
