/**
 * When the search page may run (and so record) a search for the term in its URL.
 *
 * A search by a signed-in member shows the post's owner their name, so a link alone must never run one: a
 * page of another site could otherwise send a member to `?q=<anything>` and put their name in a stranger's
 * analytics. The page runs a `?q=` search only when the app itself navigated there on the person's behalf (a
 * history link, the search form) — and says so in the navigation's state. A document load (an outside link, a
 * reload, coming back from another site) only prefills the box and waits for the person to press Search.
 *
 * The browser keeps a history entry's state across reloads, so the state carries a mark that belongs to this
 * document: another document's mark (the same entry before a reload) counts as nothing.
 */

/** This document's mark, new on every page load. Not a secret: other sites cannot write our history state. */
const DOCUMENT_MARK = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The navigation state that asks the search page to run its `?q=` search at once. */
export type SearchRunState = { runSearch: string };

/** The `state` to pass on an in-app navigation to `/search-tagged-posts?q=…` that should search at once. */
export function searchRunState(mark: string = DOCUMENT_MARK): SearchRunState {
  return { runSearch: mark };
}

/** Whether a location's state asks for its search to run now: made by this document's `searchRunState`. */
export function isSearchRunRequested(state: unknown, mark: string = DOCUMENT_MARK): boolean {
  return (
    typeof state === "object" &&
    state !== null &&
    "runSearch" in state &&
    (state as { runSearch: unknown }).runSearch === mark
  );
}

/**
 * What the page shows for a term and a location state: the welcome (no term), the term waiting for the
 * person to press Search (`confirm`), or the search's results (`results`, and only then is it fetched).
 */
export type SearchPageMode = "welcome" | "confirm" | "results";

export function searchPageMode(term: string, state: unknown, mark: string = DOCUMENT_MARK): SearchPageMode {
  if (!term.trim()) return "welcome";
  return isSearchRunRequested(state, mark) ? "results" : "confirm";
}

/** The link to the search page for a term (the state to go with it comes from `searchRunState`). */
export function searchPagePath(term: string): string {
  return `/search-tagged-posts?q=${encodeURIComponent(term.trim())}`;
}
