import { apiQuery } from "./api-query.ts";

/**
 * Query keys that more than one feature reads or invalidates, so that no feature imports another one for a
 * key; where the query is a plain GET of its address, its options too (`apiQuery`), the key taken from them so
 * that a cache write under it is checked against the route's answer. A key only one feature uses stays beside
 * its hook.
 */

/** The signed-in member's own posts, newest first (GET /api/tagged-posts). */
export const taggedPostsQuery = apiQuery("/api/tagged-posts");
export const TAGGED_POSTS_QUERY_KEY = taggedPostsQuery.queryKey;

/** My most viewed post (GET /api/highest-viewed-post): read by the hide popup, changed by new views. */
export const highestViewedQuery = apiQuery("/api/highest-viewed-post");
export const HIGHEST_VIEWED_QUERY_KEY = highestViewedQuery.queryKey;

/** The member's moderation notices (GET /api/notices): shown by the bell, refreshed by the live stream. */
export const noticesQuery = apiQuery("/api/notices");
export const NOTICES_QUERY_KEY = noticesQuery.queryKey;

/**
 * Visitor analytics aimed at the signed-in member (GET /api/tagg-analytics): shown by analytics, changed by a
 * block. The analytics feature fetches it with its ETag (`conditional-fetcher.ts`); the key is typed here.
 */
export const ANALYTICS_QUERY_KEY = apiQuery("/api/tagg-analytics").queryKey;

/** Who viewed one of my posts (GET /api/posts/{id}/viewers): shown by analytics, changed by a block. */
export const postViewersUrl = (postId: string) => `/api/posts/${encodeURIComponent(postId)}/viewers` as const;

/** True for any post's who-viewed query, so that a block can reload all of them at once. */
export function isPostViewersQuery(query: { queryKey: readonly unknown[] }): boolean {
  const [url] = query.queryKey;
  return typeof url === "string" && url.startsWith("/api/posts/") && url.endsWith("/viewers");
}
