import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiQuery } from "#web/lib/api-query.ts";
import { apiRequest } from "#web/lib/api-request.ts";
import { reloadSecurityCheckup } from "./use-security-checkup.ts";

const sessionsQuery = apiQuery("/api/auth/sessions");
export const SESSIONS_QUERY_KEY = sessionsQuery.queryKey;

/**
 * Where the member is signed in (GET /api/auth/sessions), most recently used first. Read afresh each time the
 * list is shown: another device may have signed in since.
 */
export function useSignedInSessions() {
  return useQuery({ ...sessionsQuery, staleTime: 0 });
}

/** Signs out one other session (DELETE /api/auth/sessions/{id}), then reloads the list. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/auth/sessions/${encodeURIComponent(id)}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
        reloadSecurityCheckup(queryClient),
      ]),
  });
}

/** Signs out every other session (POST /api/auth/sessions/revoke-others), then reloads the list. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/auth/sessions/revoke-others"),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
        reloadSecurityCheckup(queryClient),
      ]),
  });
}
