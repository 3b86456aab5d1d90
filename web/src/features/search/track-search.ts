import type { TrackSearchBody } from "#contract/api/search.ts";
import { MIN_TRACKED_TERM_LENGTH } from "#contract/limits.ts";
import { nameKey } from "#contract/names.ts";
import { apiRequest } from "#web/lib/api-request.ts";

/** The term as the spec sends it: trimmed and lower-cased (spec 1 §7). */
export function normaliseSearchTerm(term: string): string {
  return nameKey(term);
}

/**
 * Whether a search or view is worth reporting. The server applies every rule itself (3-character minimum,
 * 5-second duplicate window, never on your own posts); this only saves calls it would skip anyway.
 */
export function shouldTrack(term: string, posts: readonly { isOwn: boolean }[]): boolean {
  return normaliseSearchTerm(term).length >= MIN_TRACKED_TERM_LENGTH && posts.some((post) => !post.isOwn);
}

/**
 * POST /api/track-search. Fire and forget: a failed report must never disturb the person searching, so
 * errors are swallowed here.
 */
export function trackSearch(body: TrackSearchBody): void {
  apiRequest("POST", "/api/track-search", {
    ...body,
    searchTerm: normaliseSearchTerm(body.searchTerm),
  }).catch(() => undefined);
}
