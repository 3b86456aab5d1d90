import { useQuery } from "@tanstack/react-query";
import type { TaggedPost } from "#contract/api/posts.ts";

/** The signed-in member's own posts, newest first (GET /api/tagged-posts). */
export const TAGGED_POSTS_QUERY_KEY = ["/api/tagged-posts"] as const;

export function useTaggedPosts() {
  return useQuery<TaggedPost[]>({ queryKey: TAGGED_POSTS_QUERY_KEY });
}
