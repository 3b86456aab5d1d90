import { useMutation } from "@tanstack/react-query";
import type { CleanupDeleteBody, CleanupItem, CleanupSearchBody } from "#contract/api/admin-cleanup.ts";
import { adminRequest } from "../admin-request.ts";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminRefresh } from "../use-admin-refresh.ts";

export type CleanupSearchResult = { items: CleanupItem[]; total: number };

/** The cleanup's two calls: find inactive items, delete the chosen ones (re-checked on the server). */
export function useCleanup() {
  const refresh = useAdminRefresh();
  return {
    search: useMutation({
      mutationFn: (body: CleanupSearchBody) => adminRequest("POST", `${ADMIN_URLS.cleanup}/search`, body),
    }),
    remove: useMutation({
      mutationFn: (body: CleanupDeleteBody) => adminRequest("POST", `${ADMIN_URLS.cleanup}/delete`, body),
      onSuccess: () =>
        refresh(ADMIN_URLS.taggs, ADMIN_URLS.profiles, ADMIN_URLS.taggedPosts, ADMIN_URLS.reportedPosts),
    }),
  };
}
