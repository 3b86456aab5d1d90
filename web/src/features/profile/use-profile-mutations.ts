import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { ConfirmEmailChangeBody, UpdateProfileBody } from "#contract/api/profile.ts";
import { TIMING } from "#contract/limits.ts";
import { apiRequest } from "#web/lib/api-request.ts";
import { safeStorage } from "#web/lib/storage-keys.ts";
import { PROFILE_QUERY_KEY } from "#web/lib/use-profile.ts";
import { reloadSecurityCheckup } from "./use-security-checkup.ts";

/**
 * PUT /api/profile; the answer replaces the cached profile (theme, wallpaper and avatar update at once). A new
 * password also moves the security checkup's date.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => apiRequest("PUT", "/api/profile", body),
    onSuccess: (profile, body) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      if (body.password !== undefined) void reloadSecurityCheckup(queryClient);
    },
  });
}

/**
 * POST /api/profile/confirm-email-change: the member moves their login to the address an administrator asked
 * for; the answer (new e-mail, nothing pending, not yet verified) replaces the cached profile.
 */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmEmailChangeBody) =>
      apiRequest("POST", "/api/profile/confirm-email-change", body),
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}

/** DELETE /api/profile/pending-email (204): the administrator's request is forgotten, the login unchanged. */
export function useDeclinePendingEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("DELETE", "/api/profile/pending-email"),
    onSuccess: () =>
      queryClient.setQueryData(PROFILE_QUERY_KEY, (profile) =>
        profile ? { ...profile, pendingEmail: null } : profile,
      ),
  });
}

/**
 * DELETE /api/profile. The server answers once the account and everything it owns is gone and ends the
 * session; the caller tells the member, and `leave` sends them to / after 2 s with this
 * browser's caches and storage cleared.
 */
export function useDeleteProfile() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: () => apiRequest("DELETE", "/api/profile"),
  });
  const leave = () =>
    window.setTimeout(() => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== PROFILE_QUERY_KEY[0] });
      safeStorage.clearAll();
      void navigate("/", { replace: true });
    }, TIMING.profileDeleteRedirectMs);
  return { ...mutation, leave };
}
