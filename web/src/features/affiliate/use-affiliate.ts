import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AffiliateDashboard, RequestPayoutBody } from "#contract/api/affiliate.ts";
import { apiRequest } from "#web/lib/api-request.ts";

export const AFFILIATE_DASHBOARD_KEY = ["/api/affiliate/dashboard"] as const;

/** GET /api/affiliate/dashboard; amounts are integer pence. */
export function useAffiliateDashboard() {
  return useQuery<AffiliateDashboard>({ queryKey: AFFILIATE_DASHBOARD_KEY });
}

export type PayoutResponse = { id: string; amount: number; currency: string; status: string };

/** POST /api/affiliate/request-payout; the dashboard is fetched again afterwards. */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestPayoutBody) => apiRequest("POST", "/api/affiliate/request-payout", body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AFFILIATE_DASHBOARD_KEY }),
  });
}
