import { type DehydratedState, hydrate, type QueryClient } from "@tanstack/react-query";
import { matchRoutes, type RouteObject } from "react-router";
import { PAGE_STATE_ELEMENT_ID } from "#contract/page-render.ts";

type PageState = { queries: DehydratedState };

/**
 * The answers a server-rendered page was rendered with (the signed-in member, the terms), put in `client` so
 * the first render in the browser is the one the server made; false when the page came without them (a page
 * the browser renders alone).
 */
export function restorePageState(client: QueryClient): boolean {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return false;
  const state = JSON.parse(element.textContent) as PageState;
  hydrate(client, state.queries);
  return true;
}

/**
 * Loads the chunks of the routes that match `location` and makes them part of their routes, so the router
 * starts with the page ready instead of rendering its (empty) HydrateFallback while the chunk loads: the first
 * render must be the page the server sent (React Router's way of hydrating lazy routes).
 */
export async function loadMatchedRoutes(routes: RouteObject[], location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
