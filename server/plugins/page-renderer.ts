import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Profile } from "#contract/api/profile.ts";
import type { TermsResponse } from "#contract/api/terms.ts";
import {
  type IsAppPage,
  isServerRenderedPage,
  PAGE_FIRST_DATA,
  PAGE_STATE_ELEMENT_ID,
  type RenderedPage,
  type RenderPage,
} from "#contract/page-render.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { sanitizeStoredHtml } from "#server/lib/sanitize-html.ts";
import { loadAppAfterPaint } from "./app-after-paint.ts";

/** What the renderer reads for a request: the signed-in member's profile. */
export type PageSources = {
  profileOf: (user: ProfileRow) => Profile;
};

type Options = PageSources & {
  /**
   * The API's answer to a GET of `url` made by the visitor of `request` (their session, their address), or
   * undefined when the API did not answer it with its data (the browser then asks for it itself).
   */
  answer: (request: FastifyRequest, url: string) => Promise<unknown>;
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

const versionOf = (answers: Record<string, unknown>) =>
  createHash("sha256").update(JSON.stringify(answers)).digest("base64url");

/** The terms are shown before any script runs, so the server sanitizes them as the browser does before showing. */
const shownBeforeScripts = (url: string, answer: unknown) =>
  url === "/api/terms" && answer
    ? { ...(answer as TermsResponse), content: sanitizeStoredHtml((answer as TermsResponse).content) }
    : answer;

/** The page's first answers (PAGE_FIRST_DATA) as the API gives them to this visitor; those it refused are left out. */
async function firstAnswers(options: Options, request: FastifyRequest, pathname: string) {
  const urls = PAGE_FIRST_DATA[pathname] ?? [];
  const answers = await Promise.all(urls.map((url) => options.answer(request, url)));
  return Object.fromEntries(
    urls.flatMap((url, i) => (answers[i] === undefined ? [] : [[url, shownBeforeScripts(url, answers[i])]])),
  );
}

/** A page's first HTML, when the server rendered it, and whether its path is one of the app's pages. */
export type PageAnswer = { found: boolean; html: string | undefined };

/**
 * Renders the first HTML of the pages in SERVER_RENDERED_PAGES (decision 056) with the web app's own
 * components, so a visitor sees the landing copy, the search form and the current terms, and a member their
 * dashboard's header and the Premium page, before any script has run. A visitor's page is rendered once and
 * kept — per page and per version of its first answers (asked of the API on each request, so an
 * administrator's edit of the terms shows at once on every instance). A member's page, or a page with a query
 * string, is rendered for that request. A path that is none of the app's pages is `found: false`, with the
 * not-found page rendered for that request (it names the path, so it is never kept). `html` is undefined when
 * the page is not one of these, the build has no renderer, or rendering failed: the browser then renders the
 * page alone, as before; without a renderer every path counts as found.
 */
export function createPageRenderer(options: Options) {
  const modulePath = renderModulePath(options.webRoot);
  if (!existsSync(modulePath)) return async (): Promise<PageAnswer> => ({ found: true, html: undefined });
  // Loaded from start, without holding the start up: the first page waits for it if it comes sooner.
  const loading = import(pathToFileURL(modulePath).href) as Promise<{
    renderPage: RenderPage;
    isAppPage: IsAppPage;
  }>;
  loading.catch((error) => options.log.error({ err: error }, "loading the page renderer failed"));
  const kept = new Map<string, { version: string; html: string }>();

  return async (request: FastifyRequest): Promise<PageAnswer> => {
    const [pathname = "/", query] = request.url.split("?");
    let found = true;
    try {
      const { renderPage, isAppPage } = await loading;
      found = isAppPage(pathname);
      if (found && !isServerRenderedPage(pathname)) return { found, html: undefined };
      const profile = request.auth ? options.profileOf(request.auth.user) : null;
      const answers = found ? await firstAnswers(options, request, pathname) : {};
      const keep = found && profile === null && query === undefined;
      const version = versionOf(answers);
      const known = keep ? kept.get(pathname) : undefined;
      if (known?.version === version) return { found, html: known.html };

      const url = new URL(request.url, "http://tagit.invalid").href;
      const page = await renderPage(url, { profile, answers });
      const html = documentFor(options.template(pathname), page, profile?.theme);
      if (keep) kept.set(pathname, { version, html });
      return { found, html };
    } catch (error) {
      options.log.error({ err: error, pathname }, "rendering the page on the server failed");
      return { found, html: undefined };
    }
  };
}
