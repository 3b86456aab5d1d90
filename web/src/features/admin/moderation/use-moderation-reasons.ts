import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { ModerationReasonBody } from "#contract/api/moderation.ts";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminRefresh } from "../use-admin-refresh.ts";
import { moderationRequests } from "./moderation-requests.ts";

/** The panel's reasons, keyed by their address so a write's refresh reaches every picker. */
export const moderationReasonsQuery = queryOptions({
  queryKey: [ADMIN_URLS.moderationReasons] as const,
  queryFn: ({ signal }) => moderationRequests.reasons(signal),
});

/**
 * The reasons an administrator picks from, ordered by label as the server answers them; `enabled: false` waits
 * (a closed picker loads nothing).
 */
export const useModerationReasons = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...moderationReasonsQuery, enabled });

/** Add, edit and delete a reason; each refreshes the reasons and the audit log. */
export function useReasonMutations() {
  const refresh = useAdminRefresh();
  const onSuccess = () => refresh(ADMIN_URLS.moderationReasons);
  return {
    create: useMutation({ mutationFn: moderationRequests.createReason, onSuccess }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ModerationReasonBody }) =>
        moderationRequests.updateReason(id, body),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: moderationRequests.deleteReason, onSuccess }),
  };
}
