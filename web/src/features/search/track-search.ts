import type { TrackSearchBody } from "#contract/api/search.ts";
import { nameKey } from "#contract/names.ts";
import { apiRequest } from "#web/lib/api-request.ts";

/** The term as track-search sends it: trimmed and lower-cased. */
export function normaliseSearchTerm(term: string): string {
  return nameKey(term);
}

/**
 * POST /api/track-search, for what the server cannot see by itself: a post opened from the results (the
 * search was already recorded when it ran). The server applies every rule (3 characters, 5 s window, own
 * posts). Fire and forget: a failed report must never disturb the person searching, so
 * errors are swallowed here.
 */
export function trackSearch(body: TrackSearchBody): void {
  apiRequest("POST", "/api/track-search", {
    ...body,
    searchTerm: normaliseSearchTerm(body.searchTerm),
  }).catch(() => undefined);
}
