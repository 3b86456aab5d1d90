import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-request.ts";
import { BLOCKS_QUERY_KEY, blocksQuery, reloadAfterBlockChange } from "./use-block-member.ts";

/** The members the signed-in member blocked, oldest first (GET /api/blocks). */
export function useBlocks() {
  return useQuery(blocksQuery);
}

/**
 * Unblocks one member (DELETE /api/blocks/{id}): their searches find the member's posts again from now on, and
 * their rows come back to the member's lists, so those are read again too.
 */
export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `${BLOCKS_QUERY_KEY[0]}/${encodeURIComponent(id)}`),
    onSettled: () => reloadAfterBlockChange(queryClient),
  });
}
