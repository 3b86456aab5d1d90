import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { WasntMeBody } from "#contract/api/account-alerts.ts";
import { apiRequest } from "#web/lib/api-request.ts";
import { PROFILE_QUERY_KEY } from "#web/lib/use-profile.ts";

/** POST /api/auth/wasnt-me: every session of the account ends (this browser's too), so the profile is read again. */
export function useWasntMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WasntMeBody) => apiRequest("POST", "/api/auth/wasnt-me", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}
