import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RequestPayoutBody } from "#contract/api/affiliate.ts";
import { apiQuery } from "#web/lib/api-query.ts";
import { apiRequest } from "#web/lib/api-request.ts";

const dashboardQuery = apiQuery("/api/affiliate/dashboard");
export const AFFILIATE_DASHBOARD_KEY = dashboardQuery.queryKey;

/** GET /api/affiliate/dashboard; amounts are integer pence. */
export function useAffiliateDashboard() {
  return useQuery(dashboardQuery);
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
