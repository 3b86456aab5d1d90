import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "#web/lib/api-request.ts";
import { NOTICES_QUERY_KEY, noticesQuery } from "#web/lib/query-keys.ts";

/** How often the notices are re-read as a safety net; the live stream refreshes them at once. */
const NOTICES_POLL_MS = 60_000;

/** The member's moderation notices, newest first (kept on the server, so one missed while offline shows). */
export function useNotices(enabled: boolean) {
  return useQuery({
    ...noticesQuery,
    enabled,
    refetchInterval: enabled ? NOTICES_POLL_MS : false,
  });
}

/** DELETE /api/notices/{id} for each: dismissed notices leave the bell at once. */
export function useDismissNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      Promise.all(ids.map((id) => apiRequest("DELETE", `/api/notices/${encodeURIComponent(id)}`))),
    onMutate: (ids) => {
      const gone = new Set(ids);
      queryClient.setQueryData(NOTICES_QUERY_KEY, (current) =>
        current?.filter((notice) => !gone.has(notice.id)),
      );
    },
    onError: (error) => {
      toast.error("Dismiss Failed", { description: errorMessage(error, "Failed to dismiss the notice") });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY }),
  });
}
