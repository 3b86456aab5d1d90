import { useQuery } from "@tanstack/react-query";
import { taggedPostsQuery } from "#web/lib/query-keys.ts";

/** The signed-in member's own posts, newest first (GET /api/tagged-posts). */
export function useTaggedPosts() {
  return useQuery(taggedPostsQuery);
}
