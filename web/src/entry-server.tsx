// The server's way into the web app (decision 056): renders a page's first HTML with the content the
// server read, as the browser's first render will draw it. Built into dist/web-render by `npm run build`
// (vite.config.ts) and loaded by server/plugins/page-renderer.ts; never part of the browser's bundle.
import { dehydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from "react-router";
import type { PageData, RenderedPage } from "#contract/page-render.ts";
import { Providers } from "./app/providers.tsx";
import { routes } from "./app/router.tsx";
import { createQueryClient } from "./lib/query-client.ts";
import { PROFILE_QUERY_KEY } from "./lib/use-profile.ts";

const handler = createStaticHandler(routes);

const TITLE = /<title>([^<]*)<\/title>/;

/** `<`, `>`, `&` and the two line separators escaped, so the JSON cannot end the `<script>` that holds it. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

/**
 * Renders `url` (absolute) as the browser will first render it with `data`. Waits for every lazy piece (the
 * page's chunk, the header and footer), so the HTML is the whole page; throws when any part failed to render,
 * and the server then sends the page for the browser to render alone.
 */
export async function renderPage(url: string, data: PageData): Promise<RenderedPage> {
  // A client per page: one member's answers must never reach another's page.
  const client = createQueryClient();
  client.setQueryData(PROFILE_QUERY_KEY, data.profile);
  // Every GET query is keyed by its address (apiQuery), as the page's first answers are.
  for (const [url, answer] of Object.entries(data.answers)) client.setQueryData([url], answer);

  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const failures: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <Providers client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
    // The page is sent whole, so nothing is gained by React holding a part back for a script to put in
    // place (which it does past this many bytes): every part is written where it shows.
    { onError: (error) => void failures.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (failures.length > 0) throw failures[0];
  // A part written elsewhere waits for an inline script the Content-Security-Policy refuses: it would never show.
  if (html.includes("<script")) throw new Error(`${url} rendered with a script to run before it shows`);

  // React hoists the page's <title> to the front of what it renders; it belongs in the document's head.
  const title = TITLE.exec(html);
  return {
    title: title?.[1] ?? "Tagit",
    root: title ? html.replace(title[0], "") : html,
    state: scriptSafeJson({ queries: dehydrate(client) }),
  };
}

/** Whether `pathname` is one of the app's pages; any other shows the not-found page, which the server answers 404. */
export function isAppPage(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  return matches !== null && matches.at(-1)?.route.path !== "*";
}
