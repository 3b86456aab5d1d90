import { useMutation, useQuery } from "@tanstack/react-query";
import type { CostBody } from "#contract/api/admin-money.ts";
import { adminQuery } from "../admin-query.ts";
import { adminRequest } from "../admin-request.ts";
import { ADMIN_URLS } from "../admin-urls.ts";
import { useAdminRefresh } from "../use-admin-refresh.ts";

/** The costs' totals per currency and the month's unit economics. */
export function useCostFigures() {
  return {
    total: useQuery(adminQuery(ADMIN_URLS.costsTotal)),
    economics: useQuery(adminQuery(ADMIN_URLS.costsEconomics)),
  };
}

/** Add, Edit and Delete Cost; each refreshes the list, the totals, the economics and the audit log. */
export function useCostMutations() {
  const refresh = useAdminRefresh();
  const onSuccess = () => refresh(ADMIN_URLS.costs, ADMIN_URLS.costsTotal, ADMIN_URLS.costsEconomics);
  return {
    create: useMutation({
      mutationFn: (body: CostBody) => adminRequest("POST", ADMIN_URLS.costs, body),
      onSuccess,
    }),
    /** Edit Cost replaces every field of the form. */
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: CostBody }) =>
        adminRequest("PUT", `${ADMIN_URLS.costs}/${id}`, body),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => adminRequest("DELETE", `${ADMIN_URLS.costs}/${id}`),
      onSuccess,
    }),
  };
}
