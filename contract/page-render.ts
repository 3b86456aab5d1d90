import type { Profile } from "./api/profile.ts";

/**
 * The pages whose first HTML the server renders with their content (decision 056): the public pages people
 * land on, and the member's dashboard and Premium page. The browser paints them before any script has run,
 * and React then hydrates what it was sent. Every other page is rendered by the browser alone.
 */
export const SERVER_RENDERED_PAGES = [
  "/",
  "/auth",
  "/terms",
  "/transparency",
  "/search-tagged-posts",
  "/dashboard",
  "/payments",
] as const;

/**
 * The API answers a page shows from its first render, besides the profile every page asks for: the terms
 * page's published text, the transparency page's monthly figures, the Premium page's price and whether the free option shows beside it. A page the
 * server renders is rendered with them; a page the browser renders preloads them beside its scripts.
 */
export const PAGE_FIRST_DATA: Readonly<Record<string, readonly string[]>> = {
  "/terms": ["/api/terms"],
  "/transparency": ["/api/transparency"],
  "/payments": ["/api/payments/config", "/api/settings/free-option"],
};

export const isServerRenderedPage = (pathname: string) =>
  (SERVER_RENDERED_PAGES as readonly string[]).includes(pathname);

/** The id of the JSON block that carries the answers a server-rendered page was rendered with. */
export const PAGE_STATE_ELEMENT_ID = "page-state";

/** What the server knows when it renders a page: who is signed in, and the page's first answers by address. */
export type PageData = {
  profile: Profile | null;
  answers: Record<string, unknown>;
};

/** A page rendered by the web app's server entry (web/src/entry-server.tsx, built into dist/web-render). */
export type RenderedPage = {
  /** The document title the page sets. */
  title: string;
  /** The HTML that goes inside `<div id="root">`. */
  root: string;
  /** JSON of the query answers the page was rendered with, safe inside a `<script>` element. */
  state: string;
};

export type RenderPage = (url: string, data: PageData) => Promise<RenderedPage>;

/** Whether a path is one of the web app's pages (the server answers any other with the not-found page, 404). */
export type IsAppPage = (pathname: string) => boolean;

/**
 * The event the web app dispatches on `document` once React has taken over a server-rendered page: until
 * then the page's loader holds the visitor's button presses, and it replays the last one at this event.
 */
export const APP_HYDRATED_EVENT = "tagit:hydrated";
