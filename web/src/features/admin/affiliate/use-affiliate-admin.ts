import { useMutation, useQuery } from "@tanstack/react-query";
import type { ProcessPayoutBody } from "#contract/api/admin-money.ts";
import { adminQuery } from "../admin-query.ts";
import { adminRequest } from "../admin-request.ts";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminRefresh } from "../use-admin-refresh.ts";

/** The Affiliate System's stats and payouts; each write refreshes what it changed and the audit log. */
export function useAffiliateAdmin() {
  const refresh = useAdminRefresh();
  const refreshPayouts = () =>
    refresh(ADMIN_URLS.affiliatePayouts, ADMIN_URLS.affiliateStats, ADMIN_URLS.costsEconomics);
  return {
    stats: useQuery(adminQuery(ADMIN_URLS.affiliateStats)),
    process: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ProcessPayoutBody }) =>
        adminRequest("POST", `${ADMIN_URLS.affiliatePayouts}/${id}`, body),
      onSuccess: refreshPayouts,
      // A 409 means someone else processed it: show the list as it is now.
      onError: refreshPayouts,
    }),
    reveal: useMutation({
      mutationFn: (id: string) => adminRequest("POST", `${ADMIN_URLS.affiliatePayouts}/${id}/reveal`),
      onSuccess: () => refresh(),
    }),
  };
}
