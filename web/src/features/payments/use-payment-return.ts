import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { useAwaitPremium } from "./use-await-premium.ts";

/** How long to keep refreshing the profile while Stripe's webhook makes the member Premium. */
const RETURN_PREMIUM_WAIT = { pollMs: 2_000, timeoutMs: 10_000 };

/**
 * A member who paid with a redirecting method comes back to /dashboard with Stripe's `redirect_status`
 * (the return URL the card provider is given). Says how it went, refreshes the profile until the webhook has
 * landed, and removes Stripe's parameters from the address bar.
 */
export function usePaymentReturn() {
  const [params, setParams] = useSearchParams();
  const status = params.get("redirect_status");
  // Kept in state: removing the parameters must not stop the wait.
  const [returnedAt, setReturnedAt] = useState<number | null>(null);
  useAwaitPremium(returnedAt, RETURN_PREMIUM_WAIT);

  useEffect(() => {
    if (!status) return;
    if (status === "succeeded" || status === "processing") {
      toast.success("Payment Successful", { id: "payment-return", description: "Welcome to Premium!" });
    } else {
      toast.error("Payment Failed", {
        id: "payment-return",
        description: "Your payment was not completed. Please try again.",
      });
    }
    setParams(
      (current) => {
        for (const key of ["redirect_status", "payment_intent", "payment_intent_client_secret"]) {
          current.delete(key);
        }
        return current;
      },
      { replace: true },
    );
    if (status !== "failed") setReturnedAt(Date.now());
  }, [status, setParams]);
}
