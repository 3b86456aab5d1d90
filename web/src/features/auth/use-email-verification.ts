import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { VerifyEmailBody } from "#contract/api/auth.ts";
import { apiRequest } from "#web/lib/api-request.ts";
import { PROFILE_QUERY_KEY } from "#web/lib/use-profile.ts";

/** POST /api/auth/verify-email; a signed-in member's cached profile becomes verified at once. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyEmailBody) => apiRequest("POST", "/api/auth/verify-email", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}

/** POST /api/auth/resend-verification (202). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/auth/resend-verification"),
  });
}
