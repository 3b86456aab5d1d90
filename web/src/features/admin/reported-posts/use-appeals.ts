import { useMutation } from "@tanstack/react-query";
import type { AppealDecisionBody, AppealStatus } from "#contract/api/moderation.ts";
import { ADMIN_URLS } from "../admin-urls.ts";
import { moderationRequests } from "../moderation/moderation-requests.ts";
import { useAdminList } from "../use-admin-list.ts";
import { useAdminRefresh } from "../use-admin-refresh.ts";

/** The appeals queue, paged on the server like every admin list, filtered by status; no status lists them all. */
export function useAppeals(status: AppealStatus | undefined) {
  return useAdminList(ADMIN_URLS.appeals, { status });
}

/**
 * Decides an appeal. A reversal restores what the decision took, so the posts, the report queue and the taggs
 * refresh with the queue; so do they after a refusal (another administrator decided it first, say).
 */
export function useDecideAppeal() {
  const refresh = useAdminRefresh();
  const refreshAll = () =>
    refresh(ADMIN_URLS.appeals, ADMIN_URLS.reportedPosts, ADMIN_URLS.taggedPosts, ADMIN_URLS.taggs);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AppealDecisionBody }) =>
      moderationRequests.decideAppeal(id, body),
    onSuccess: refreshAll,
    onError: refreshAll,
  });
}
