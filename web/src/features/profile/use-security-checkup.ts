import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiQuery } from "#web/lib/api-query.ts";
import { apiRequest } from "#web/lib/api-request.ts";

const checkupQuery = apiQuery("/api/security-checkup");
export const SECURITY_CHECKUP_QUERY_KEY = checkupQuery.queryKey;

/** Every change the Security dialog makes moves a figure of the checkup: it is read again after each. */
export const reloadSecurityCheckup = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: SECURITY_CHECKUP_QUERY_KEY });

/** The Security checkup's figures (GET /api/security-checkup), read afresh each time the card is shown. */
export function useSecurityCheckup() {
  return useQuery({ ...checkupQuery, staleTime: 0 });
}

/** Mutes or restores the new-sign-in e-mails; the answer is the checkup with the new choice. */
export function useSetNewSignInEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiRequest("PUT", "/api/security-checkup/new-sign-in-emails", { enabled }),
    onSuccess: (checkup) => queryClient.setQueryData(SECURITY_CHECKUP_QUERY_KEY, checkup),
  });
}
