import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { PROFILE_QUERY_KEY } from "#web/app/use-profile.ts";

/** How long to keep refreshing the profile while Stripe's webhook makes the member Premium. */
const REFRESH_EVERY_MS = 2_000;
const REFRESH_TIMES = 5;

/**
 * A member who paid with a redirecting method comes back to /dashboard with Stripe's `redirect_status`
 * (spec 1 §8: the return URL). Says how it went, refreshes the profile until the webhook has landed, and
 * removes Stripe's parameters from the address bar.
 */
export function usePaymentReturn() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const status = params.get("redirect_status");
  const refreshTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearInterval(refreshTimer.current), []);

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
    if (status === "failed") return;
    // Not cleared when the parameters go: removing them re-runs this effect.
    let times = 0;
    window.clearInterval(refreshTimer.current);
    refreshTimer.current = window.setInterval(() => {
      times += 1;
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      if (times >= REFRESH_TIMES) window.clearInterval(refreshTimer.current);
    }, REFRESH_EVERY_MS);
  }, [status, setParams, queryClient]);
}
