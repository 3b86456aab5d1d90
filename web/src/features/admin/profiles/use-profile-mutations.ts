import { useMutation } from "@tanstack/react-query";
import type { AdminProfileBody, AdminProfileUpdateBody, AdminRole } from "#contract/api/admin-profiles.ts";
import { adminRequest } from "../admin-request.ts";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminRefresh } from "../use-admin-refresh.ts";

/** Every write of the Profiles section (a profile holds a tagg, so the taggs list refreshes too). */
export function useProfileMutations() {
  const refresh = useAdminRefresh();
  const onSuccess = () => refresh(ADMIN_URLS.profiles, ADMIN_URLS.taggs);
  return {
    create: useMutation({
      mutationFn: (body: AdminProfileBody) => adminRequest("POST", ADMIN_URLS.profile, body),
      onSuccess,
    }),
    /** Edit Profile replaces every field of the form. */
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: AdminProfileUpdateBody }) =>
        adminRequest("PUT", `${ADMIN_URLS.profile}/${id}`, body),
      onSuccess,
    }),
    /** Make Administrator / Remove Administrator. */
    setRole: useMutation({
      mutationFn: ({ id, role }: { id: string; role: AdminRole }) =>
        adminRequest("PUT", `${ADMIN_URLS.profiles}/${id}/role`, { role }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => adminRequest("DELETE", `${ADMIN_URLS.profile}/${id}`),
      onSuccess,
    }),
  };
}
