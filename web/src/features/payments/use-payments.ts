import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateSubscriptionResponse, PaymentsConfig } from "#contract/api/payments.ts";
import { PROFILE_QUERY_KEY } from "#web/app/use-profile.ts";
import { apiRequest } from "#web/lib/api-request.ts";

/** GET /api/payments/config: which card provider is active, and the price. */
export function usePaymentsConfig() {
  return useQuery<PaymentsConfig>({ queryKey: ["/api/payments/config"] });
}

/** GET /api/settings/free-option: whether the Free Access card shows; asked on every visit to /payments. */
export function useFreeOption() {
  return useQuery<{ freeOptionEnabled: boolean }>({ queryKey: ["/api/settings/free-option"], staleTime: 0 });
}

/** POST /api/create-subscription (no body) → a client secret, or status "active" when already subscribed. */
export function useCreateSubscription() {
  return useMutation({
    mutationFn: () => apiRequest<CreateSubscriptionResponse>("POST", "/api/create-subscription"),
  });
}

export type TestConfirmRequest = {
  clientSecret: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
};

/** POST /api/payments/test/confirm — the TEST MODE card form; the profile is fetched again on success. */
export function useConfirmTestPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestConfirmRequest) =>
      apiRequest<{ status: "active" }>("POST", "/api/payments/test/confirm", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}

export type CancelSubscriptionResponse = {
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
};

/** POST /api/cancel-subscription: Premium stays active until the period ends. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CancelSubscriptionResponse>("POST", "/api/cancel-subscription"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}
