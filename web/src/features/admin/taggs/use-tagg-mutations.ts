import { useMutation } from "@tanstack/react-query";
import type { AdminTagg, AdminTaggBody, AdminTaggPatch } from "#contract/api/admin-taggs.ts";
import { adminRequest } from "../admin-request.ts";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminRefresh } from "../use-admin-refresh.ts";

/** Every write of the Taggs section; each refreshes the list and the audit log it wrote to. */
export function useTaggMutations() {
  const refresh = useAdminRefresh();
  const onSuccess = () => refresh(ADMIN_URLS.taggs);
  return {
    create: useMutation({
      mutationFn: (body: AdminTaggBody) => adminRequest<AdminTagg>("POST", ADMIN_URLS.taggs, body),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, changes }: { id: string; changes: AdminTaggPatch }) =>
        adminRequest<AdminTagg>("PATCH", `${ADMIN_URLS.taggs}/${id}`, changes),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => adminRequest("DELETE", `${ADMIN_URLS.taggs}/${id}`),
      onSuccess,
    }),
  };
}
