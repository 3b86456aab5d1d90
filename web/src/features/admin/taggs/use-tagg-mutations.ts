import { useMutation } from "@tanstack/react-query";
import type { AdminTaggBody } from "#contract/api/admin-taggs.ts";
import type { RestrictionBody } from "#contract/api/moderation.ts";
import { adminRequest } from "../admin-request.ts";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminRefresh } from "../use-admin-refresh.ts";

/** Every write of the Taggs section; each refreshes the list and the audit log it wrote to. */
export function useTaggMutations() {
  const refresh = useAdminRefresh();
  const onSuccess = () => refresh(ADMIN_URLS.taggs);
  return {
    create: useMutation({
      mutationFn: (body: AdminTaggBody) => adminRequest("POST", ADMIN_URLS.tagg, body),
      onSuccess,
    }),
    /** Edit Tagg replaces every field of the form. */
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: AdminTaggBody }) =>
        adminRequest("PUT", `${ADMIN_URLS.tagg}/${id}`, body),
      onSuccess,
    }),
    /** Hiding takes a statement of reasons (`reason`); showing the tagg again takes none. */
    toggle: useMutation({
      mutationFn: ({ id, hidden, reason }: { id: string; hidden: boolean; reason?: RestrictionBody }) =>
        adminRequest("POST", `${ADMIN_URLS.tagg}/${id}/toggle`, { hidden, ...reason }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: ({ id, body }: { id: string; body: RestrictionBody }) =>
        adminRequest("DELETE", `${ADMIN_URLS.tagg}/${id}`, body),
      onSuccess,
    }),
  };
}
