import { useMutation } from "@tanstack/react-query";
import { adminRequest } from "./admin-request.ts";
import { ADMIN_URLS } from "./admin-urls.ts";
import { useAdminRefresh } from "./use-admin-refresh.ts";

/** Deletes a tagged post (its files too) from the Tagged posts list or the report queue; both refresh. */
export function useDeletePost() {
  const refresh = useAdminRefresh();
  return useMutation({
    mutationFn: (id: string) => adminRequest("DELETE", `${ADMIN_URLS.taggedPosts}/${id}`),
    onSuccess: () => refresh(ADMIN_URLS.taggedPosts, ADMIN_URLS.reportedPosts),
  });
}
