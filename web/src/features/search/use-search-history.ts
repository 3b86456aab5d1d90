import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiQuery } from "#web/lib/api-query.ts";
import { apiRequest, errorMessage } from "#web/lib/api-request.ts";

const searchHistoryQuery = apiQuery("/api/user-search-history");
export const SEARCH_HISTORY_QUERY_KEY = searchHistoryQuery.queryKey;

/**
 * GET /api/user-search-history: my own searches and views as a named visitor, newest first. Anonymous activity
 * is not recorded against me, so it is never in this list.
 */
export function useSearchHistory() {
  return useQuery({ ...searchHistoryQuery, staleTime: 0 });
}

/**
 * DELETE /api/user-search-history: empties my history; my named searches and views leave every owner's
 * analytics (anonymous ones were never linked to me). Toasts either way.
 */
export function useDeleteSearchHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("DELETE", SEARCH_HISTORY_QUERY_KEY[0]),
    onSuccess: async ({ deleted }) => {
      queryClient.setQueryData(SEARCH_HISTORY_QUERY_KEY, []);
      toast.success("Search History Deleted", {
        description:
          deleted === 0
            ? "There was nothing to delete."
            : `Removed ${deleted} ${deleted === 1 ? "search or view" : "searches and views"} from your history.`,
      });
      await queryClient.invalidateQueries({ queryKey: SEARCH_HISTORY_QUERY_KEY });
    },
    onError: (error) => {
      toast.error("Failed to delete your search history", {
        description: errorMessage(error, "Please try again."),
      });
    },
  });
}
