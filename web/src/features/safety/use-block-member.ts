import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { BlockBody } from "#contract/api/blocks.ts";
import { apiQuery } from "#web/lib/api-query.ts";
import { apiRequest } from "#web/lib/api-request.ts";
import { ANALYTICS_QUERY_KEY, isPostViewersQuery, NOTICES_QUERY_KEY } from "#web/lib/query-keys.ts";

/** The members the signed-in member blocked, oldest first (GET /api/blocks). */
export const blocksQuery = apiQuery("/api/blocks");
export const BLOCKS_QUERY_KEY = blocksQuery.queryKey;

/**
 * A block or an unblock changes the blocks list and, on the server, which rows the member's lists show: the
 * analytics list, every post's who-viewed list and the notices (a notice about the blocked member). All of
 * them are read again.
 */
export const reloadAfterBlockChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: BLOCKS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ANALYTICS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY }),
    queryClient.invalidateQueries({ predicate: isPostViewersQuery }),
  ]);

/**
 * Blocks a member by id (from a named row) or by tagg (POST /api/blocks), then reloads what a block changes.
 * The caller says what to show for success or failure.
 */
export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlockBody) => apiRequest("POST", BLOCKS_QUERY_KEY[0], body),
    onSuccess: () => {
      // Not awaited: the confirmation closes at once while the lists are read again behind it.
      void reloadAfterBlockChange(queryClient);
    },
  });
}
