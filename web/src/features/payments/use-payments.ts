import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiQuery } from "#web/lib/api-query.ts";
import { apiRequest } from "#web/lib/api-request.ts";
import { PROFILE_QUERY_KEY } from "#web/lib/use-profile.ts";

/** GET /api/payments/config: which card provider is active, and the price. */
export function usePaymentsConfig() {
  return useQuery(apiQuery("/api/payments/config"));
}

/** GET /api/settings/free-option: whether the Free Access card shows; asked on every visit to /payments. */
export function useFreeOption() {
  return useQuery({ ...apiQuery("/api/settings/free-option"), staleTime: 0 });
}

/** POST /api/create-subscription (no body) → a client secret, or status "active" when already subscribed. */
export function useCreateSubscription() {
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/create-subscription"),
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
    mutationFn: (body: TestConfirmRequest) => apiRequest("POST", "/api/payments/test/confirm", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}

export type CancelSubscriptionResponse = {
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
};

/** POST /api/cancel-subscription: Premium stays active until the period ends; the profile is read again. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/cancel-subscription"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}

/** POST /api/subscription/resume → the profile, which replaces the cached one at once. */
export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/subscription/resume"),
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}

/** POST /api/subscription/payment-method → the setup secret the new card is confirmed with. */
export function useStartCardChange() {
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/subscription/payment-method"),
  });
}

const invoicesQuery = apiQuery("/api/subscription/invoices");
export const INVOICES_QUERY_KEY = invoicesQuery.queryKey;

/** POST /api/payments/test/confirm-setup — the TEST MODE card form in setup mode (a card change). */
export function useConfirmTestCardSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestConfirmRequest) => apiRequest("POST", "/api/payments/test/confirm-setup", body),
    // A declined retry still saved the card: the profile and invoices are read again either way.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: INVOICES_QUERY_KEY });
    },
  });
}

/** GET /api/subscription/invoices: the member's invoices, newest first; read again on every visit. */
export function useInvoices() {
  return useQuery({ ...invoicesQuery, staleTime: 0 });
}

/** GET /api/subscription/invoices/{id}: one of the member's receipts. */
export function useReceipt(id: string) {
  return useQuery(apiQuery(`/api/subscription/invoices/${encodeURIComponent(id)}`));
}
