import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { ReportReason } from "#contract/api/posts.ts";
import { apiRequest, errorMessage } from "#web/lib/api-request.ts";
import { TAGGED_POSTS_QUERY_KEY } from "#web/lib/query-keys.ts";
import { forgetAllScrambles, rememberScramble } from "./scramble-map.ts";

type ScrambleInput = { id: string; scrambleImage: boolean };

/**
 * PATCH /api/tagged-posts/{id} {scrambleImage}: applied at once in the list and the local per-post map,
 * put back with a toast on failure. (Toasts live here, not in the card: a card may unmount before the
 * answer arrives.)
 */
export function useSetScramble() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scrambleImage }: ScrambleInput) =>
      apiRequest("PATCH", `/api/tagged-posts/${encodeURIComponent(id)}`, { scrambleImage }),
    onMutate: async ({ id, scrambleImage }) => {
      await queryClient.cancelQueries({ queryKey: TAGGED_POSTS_QUERY_KEY });
      const before = queryClient.getQueryData(TAGGED_POSTS_QUERY_KEY);
      queryClient.setQueryData(TAGGED_POSTS_QUERY_KEY, (posts) =>
        posts?.map((post) => (post.id === id ? { ...post, scrambleImage } : post)),
      );
      rememberScramble(id, scrambleImage);
      return { previous: before?.find((post) => post.id === id)?.scrambleImage };
    },
    onError: (_error, { id, scrambleImage }, context) => {
      const previous = context?.previous ?? !scrambleImage;
      queryClient.setQueryData(TAGGED_POSTS_QUERY_KEY, (posts) =>
        posts?.map((post) => (post.id === id ? { ...post, scrambleImage: previous } : post)),
      );
      rememberScramble(id, previous);
      toast.error("Update Failed", { description: "Could not update scramble setting. Please try again." });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(TAGGED_POSTS_QUERY_KEY, (posts) =>
        posts?.map((post) => (post.id === saved.id ? saved : post)),
      );
    },
  });
}

/** DELETE /api/tagged-posts/{id}; the post leaves the list at once on success. Toasts either way. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/tagged-posts/${encodeURIComponent(id)}`),
    onSuccess: async (_result, id) => {
      queryClient.setQueryData(TAGGED_POSTS_QUERY_KEY, (posts) => posts?.filter((post) => post.id !== id));
      rememberScramble(id, undefined);
      toast.success("Success", { description: "Tagged post deleted" });
      await queryClient.invalidateQueries({ queryKey: TAGGED_POSTS_QUERY_KEY });
    },
    onError: (error) => {
      toast.error("Error", { description: errorMessage(error, "Failed to delete tagged post") });
    },
  });
}

export type BulkAction = "hide" | "show" | "delete";

const BULK_REQUEST = {
  hide: () => apiRequest("PATCH", "/api/tagged-posts/bulk-hide"),
  show: () => apiRequest("PATCH", "/api/tagged-posts/bulk-show"),
  delete: () => apiRequest("DELETE", "/api/tagged-posts/bulk-delete"),
} satisfies Record<BulkAction, () => Promise<unknown>>;

/** Hide, show or delete every post of the member. Visibility changes are Premium only (403 otherwise). */
export function useBulkPostAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: BulkAction): Promise<number> => {
      const answer: { updated?: number; deleted?: number } = await BULK_REQUEST[action]();
      return answer?.updated ?? answer?.deleted ?? 0;
    },
    onSuccess: async (_count, action) => {
      if (action === "delete") forgetAllScrambles();
      await queryClient.invalidateQueries({ queryKey: TAGGED_POSTS_QUERY_KEY });
    },
  });
}

/** POST /api/tagged-posts/{id}/report — only for other members' posts; the reason is optional. */
export function useReportPost() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: ReportReason | undefined }) =>
      apiRequest("POST", `/api/tagged-posts/${encodeURIComponent(id)}/report`, reason ? { reason } : {}),
  });
}
