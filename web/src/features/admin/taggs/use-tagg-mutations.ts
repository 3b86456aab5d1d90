import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminTagg, AdminTaggBody, AdminTaggPatch } from "#contract/api/admin-taggs.ts";
import { adminRequest } from "../admin-request.ts";

export const ADMIN_TAGGS_URL = "/api/admin/taggs";
const AUDIT_LOG_URL = "/api/admin/audit-log";

/** Every write of the Taggs section; each refreshes the list and the audit log it wrote to. */
export function useTaggMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [ADMIN_TAGGS_URL] }),
      queryClient.invalidateQueries({ queryKey: [AUDIT_LOG_URL] }),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: AdminTaggBody) => adminRequest<AdminTagg>("POST", ADMIN_TAGGS_URL, body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, changes }: { id: string; changes: AdminTaggPatch }) =>
        adminRequest<AdminTagg>("PATCH", `${ADMIN_TAGGS_URL}/${id}`, changes),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => adminRequest("DELETE", `${ADMIN_TAGGS_URL}/${id}`),
      onSuccess: refresh,
    }),
  };
}
