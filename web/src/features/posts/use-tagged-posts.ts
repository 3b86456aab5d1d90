import { useQuery } from "@tanstack/react-query";
import type { TaggedPost } from "#contract/api/posts.ts";
import { TAGGED_POSTS_QUERY_KEY } from "#web/lib/query-keys.ts";

/** The signed-in member's own posts, newest first (GET /api/tagged-posts). */
export function useTaggedPosts() {
  return useQuery<TaggedPost[]>({ queryKey: TAGGED_POSTS_QUERY_KEY });
}
