import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiQuery } from "#web/lib/api-query.ts";
import { apiRequest } from "#web/lib/api-request.ts";
import { createPasskey } from "#web/lib/passkeys.ts";
import { PROFILE_QUERY_KEY } from "#web/lib/use-profile.ts";
import { SECURITY_CHECKUP_QUERY_KEY } from "./use-security-checkup.ts";
import { SESSIONS_QUERY_KEY } from "./use-signed-in-sessions.ts";

const passkeysQuery = apiQuery("/api/auth/passkeys");
export const PASSKEYS_QUERY_KEY = passkeysQuery.queryKey;

/**
 * Adding or removing a passkey changes the list, the profile's count of passkeys (whether sign-in asks for a
 * second factor) and the sessions (the member's other sessions are signed out), so all three are read again.
 */
const reloadAfterChange = (queryClient: QueryClient) =>
  Promise.all(
    [PASSKEYS_QUERY_KEY, PROFILE_QUERY_KEY, SESSIONS_QUERY_KEY, SECURITY_CHECKUP_QUERY_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

/** The member's passkeys (GET /api/auth/passkeys), oldest first. */
export function usePasskeys() {
  return useQuery(passkeysQuery);
}

/**
 * Asks the browser to create a passkey for this account, then adds it under `name` (POST /api/auth/passkeys).
 * A browser prompt the member closed rejects with the browser's error (see `passkeyCancelled`).
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      apiRequest("POST", "/api/auth/passkeys", { response: await createPasskey(), name }),
    onSuccess: () => reloadAfterChange(queryClient),
  });
}

/** Removes one passkey (DELETE /api/auth/passkeys/{id}), then reloads what it changed. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/auth/passkeys/${encodeURIComponent(id)}`),
    onSettled: () => reloadAfterChange(queryClient),
  });
}
