import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-request.ts";
import { PROFILE_QUERY_KEY } from "#web/lib/use-profile.ts";
import { reloadSecurityCheckup } from "./use-security-checkup.ts";
import { SESSIONS_QUERY_KEY } from "./use-signed-in-sessions.ts";

// Every call here needs a recent sign-in: a 403 reauth_required makes apiRequest ask for the password and retry.

/**
 * Turning the app on or off changes the profile's `twoFactor` and signs out the member's other sessions, so
 * both are read again.
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    void reloadSecurityCheckup(queryClient);
  };
}

/** POST /api/auth/2fa/totp/setup: a new key and its otpauth:// address, unconfirmed until the first code. */
export function useStartAuthenticatorSetup() {
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/auth/2fa/totp/setup"),
  });
}

/** POST /api/auth/2fa/totp/enable: the app's first code turns it on; answers the ten recovery codes. */
export function useEnableAuthenticator() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (code: string) => apiRequest("POST", "/api/auth/2fa/totp/enable", { code }),
    onSuccess: refresh,
  });
}

/** POST /api/auth/2fa/disable (204): a code from the app or a recovery code turns the app off. */
export function useDisableAuthenticator() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (code: string) => apiRequest("POST", "/api/auth/2fa/disable", { code }),
    onSuccess: refresh,
  });
}

/** POST /api/auth/2fa/recovery-codes: ten new codes; the old ones stop working. */
export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/auth/2fa/recovery-codes"),
    onSuccess: () => reloadSecurityCheckup(queryClient),
  });
}
