import { REFERRAL_ATTRIBUTION_DAYS } from "#contract/limits.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** "10.00" percent of `amountMinor` pence, in whole pence (rounded down), with integer arithmetic only. */
export function commissionMinor(amountMinor: number, percentage: string): number {
  const [whole = "0", fraction = ""] = percentage.split(".");
  const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
  return Math.floor((amountMinor * basisPoints) / 10_000);
}

/** Whether a first payment at `paidAt` still earns the referrer commission for a link followed at `followedAt`. */
export function withinAttributionWindow(followedAt: Date, paidAt: Date): boolean {
  return paidAt.getTime() - followedAt.getTime() <= REFERRAL_ATTRIBUTION_DAYS * DAY_MS;
}
