import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import { TIMING } from "#contract/limits.ts";
import { getPlanCapabilities } from "#contract/plans.ts";
import { profileQuery } from "#web/lib/use-profile.ts";

export type AwaitPremiumTiming = {
  /** How often the profile is fetched again while waiting. */
  pollMs: number;
  /** When to stop waiting, counted from `since`. */
  timeoutMs: number;
};

const isPremium = (profile: Profile | null | undefined) =>
  getPlanCapabilities(profile?.subscriptionStatus ?? "inactive").premium;

/**
 * After a payment or a card change, Stripe's webhook updates the member a little later. From `since` (null:
 * not waiting) this polls the profile with TanStack's refetchInterval until `arrived` holds for it or the
 * time is up, and then answers true.
 */
export function useAwaitProfile(
  since: number | null,
  { pollMs, timeoutMs }: AwaitPremiumTiming,
  arrived: (profile: Profile | null | undefined) => boolean,
): boolean {
  const waiting = since !== null;
  const [timedOut, setTimedOut] = useState(false);
  const profile = useQuery({
    ...profileQuery,
    enabled: waiting,
    staleTime: 0,
    refetchInterval: (query) => (timedOut || arrived(query.state.data) ? false : pollMs),
  });

  useEffect(() => {
    setTimedOut(false);
    if (since === null) return;
    const timer = window.setTimeout(() => setTimedOut(true), Math.max(0, since + timeoutMs - Date.now()));
    return () => window.clearTimeout(timer);
  }, [since, timeoutMs]);

  return waiting && (timedOut || arrived(profile.data));
}

/** useAwaitProfile until the member is Premium. */
export const useAwaitPremium = (since: number | null, timing: AwaitPremiumTiming) =>
  useAwaitProfile(since, timing, isPremium);

/** The /payments wait: the profile every second, for at most 10 s. */
export const PAYMENT_PREMIUM_WAIT: AwaitPremiumTiming = { pollMs: 1_000, timeoutMs: 10_000 };

/**
 * After "Payment Successful", /dashboard 2 s after paying — or later, as soon as Premium has
 * arrived (at most 10 s), so the dashboard shows the member as Premium.
 */
export function useDashboardOncePremium(paidAt: number | null) {
  const navigate = useNavigate();
  const ready = useAwaitPremium(paidAt, PAYMENT_PREMIUM_WAIT);
  useEffect(() => {
    if (!ready || paidAt === null) return;
    const wait = Math.max(0, paidAt + TIMING.paymentSuccessRedirectMs - Date.now());
    const timer = window.setTimeout(() => void navigate("/dashboard"), wait);
    return () => window.clearTimeout(timer);
  }, [ready, paidAt, navigate]);
}
