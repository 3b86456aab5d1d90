import { useMutation } from "@tanstack/react-query";
import type { RestrictionBody } from "#contract/api/moderation.ts";
import { adminRequest } from "./admin-request.ts";
import { ADMIN_URLS } from "./admin-urls.ts";
import { moderationRequests } from "./moderation/moderation-requests.ts";
import { useAdminRefresh } from "./use-admin-refresh.ts";

/** A post and the statement of reasons an administrator gives for restricting it. */
export type PostRestriction = { id: string; body: RestrictionBody };

/** Deletes a tagged post (its files too) from the Tagged posts list or the report queue; both refresh. */
export function useDeletePost() {
  const refresh = useAdminRefresh();
  return useMutation({
    mutationFn: ({ id, body }: PostRestriction) =>
      adminRequest("DELETE", `${ADMIN_URLS.taggedPosts}/${id}`, body),
    onSuccess: () => refresh(ADMIN_URLS.taggedPosts, ADMIN_URLS.reportedPosts),
  });
}

/** Hides a visible post pending review, from the Tagged posts list or the report queue; both refresh. */
export function useHidePost() {
  const refresh = useAdminRefresh();
  return useMutation({
    mutationFn: ({ id, body }: PostRestriction) => moderationRequests.hidePost(id, body),
    onSuccess: () => refresh(ADMIN_URLS.taggedPosts, ADMIN_URLS.reportedPosts),
  });
}
