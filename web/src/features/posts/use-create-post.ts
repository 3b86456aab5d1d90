import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateTaggedPostBody } from "#contract/api/posts.ts";
import { apiRequest } from "#web/lib/api-request.ts";
import { TAGGED_POSTS_QUERY_KEY } from "#web/lib/query-keys.ts";

/** POST /api/tagged-posts. The new post goes to the top of the cached list, which is then refetched. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaggedPostBody) => apiRequest("POST", "/api/tagged-posts", body),
    onSuccess: async (post) => {
      // Newest first: show it at the top at once, then refetch the list.
      queryClient.setQueryData(TAGGED_POSTS_QUERY_KEY, (posts) =>
        posts ? [post, ...posts.filter((item) => item.id !== post.id)] : posts,
      );
      await queryClient.invalidateQueries({ queryKey: TAGGED_POSTS_QUERY_KEY });
    },
  });
}
