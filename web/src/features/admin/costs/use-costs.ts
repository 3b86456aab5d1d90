import { useMutation, useQuery } from "@tanstack/react-query";
import type { Cost, CostBody, CostsTotal, Economics } from "#contract/api/admin-money.ts";
import { adminRequest } from "../admin-request.ts";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminRefresh } from "../use-admin-refresh.ts";

/** The costs' totals per currency and the month's unit economics. */
export function useCostFigures() {
  return {
    total: useQuery({
      queryKey: [ADMIN_URLS.costsTotal],
      queryFn: ({ signal }) => adminRequest<CostsTotal>("GET", ADMIN_URLS.costsTotal, undefined, signal),
    }),
    economics: useQuery({
      queryKey: [ADMIN_URLS.costsEconomics],
      queryFn: ({ signal }) => adminRequest<Economics>("GET", ADMIN_URLS.costsEconomics, undefined, signal),
    }),
  };
}

/** Add Cost; refreshes the list, the totals, the economics and the audit log. */
export function useAddCost() {
  const refresh = useAdminRefresh();
  return useMutation({
    mutationFn: (body: CostBody) => adminRequest<Cost>("POST", ADMIN_URLS.costs, body),
    onSuccess: () => refresh(ADMIN_URLS.costs, ADMIN_URLS.costsTotal, ADMIN_URLS.costsEconomics),
  });
}
