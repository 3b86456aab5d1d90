import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { Appeal, AppealBody } from "#contract/api/moderation.ts";
import { apiQuery } from "#web/lib/api-query.ts";
import { apiRequest } from "#web/lib/api-request.ts";

/** The signed-in member's moderation decisions, newest first (GET /api/moderation-decisions). */
export const moderationDecisionsQuery = apiQuery("/api/moderation-decisions");

/** Read again on every visit: a decision or an appeal's outcome may have come since. */
export function useModerationDecisions() {
  return useQuery({ ...moderationDecisionsQuery, staleTime: 0 });
}

/**
 * POST /api/moderation-decisions/{id}/appeal: the appeal made shows on its decision at once; the list is then
 * read again, as it is after a refusal (already appealed, closed), so the page says what the server knows.
 * `onAppealed` is the hook's own, not `mutate`'s: the form that sent the appeal is gone by the time it answers.
 */
export function useAppeal(decisionId: string, onAppealed?: (appeal: Appeal) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealBody) =>
      apiRequest("POST", `/api/moderation-decisions/${encodeURIComponent(decisionId)}/appeal`, body),
    onSuccess: (appeal) => {
      queryClient.setQueryData(moderationDecisionsQuery.queryKey, (decisions) =>
        decisions?.map((decision) => (decision.id === decisionId ? { ...decision, appeal } : decision)),
      );
      toast.success("Appeal Sent", { description: "An administrator will review it." });
      onAppealed?.(appeal);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationDecisionsQuery.queryKey }),
  });
}
