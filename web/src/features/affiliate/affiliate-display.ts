import type { AffiliateDashboard } from "#contract/api/affiliate.ts";
import { formatMoney } from "#web/lib/money.ts";

/** Display rules of the affiliate page. Pure: unit-tested. */

type Referral = AffiliateDashboard["referrals"][number];

/** "10.00" → "10", "12.50" → "12.5", "7.25" → "7.25"; anything unparsable is shown as given. */
export function formatPercentage(value: string): string {
  const trimmed = value.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return trimmed;
  if (!trimmed.includes(".")) return trimmed.replace(/^0+(?=\d)/, "");
  return trimmed
    .replace(/^0+(?=\d)/, "")
    .replace(/0+$/, "")
    .replace(/\.$/, "");
}

/** The page's lead sentence. */
export function commissionText(commissionPercentage: string): string {
  return `Earn ${formatPercentage(commissionPercentage)}% commission for every user you refer who subscribes to Premium!`;
}

export type ReferralCounts = { total: number; confirmed: number; pending: number };

/** Confirmed counts as subscribed; every other status counts as pending. */
export function countReferrals(referrals: readonly Pick<Referral, "status">[]): ReferralCounts {
  const confirmed = referrals.filter((referral) => referral.status === "confirmed").length;
  return { total: referrals.length, confirmed, pending: referrals.length - confirmed };
}

/** Confirmed ÷ total as a rounded whole percent; 0 when there are no referrals. */
export function conversionRate(confirmed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((confirmed * 100) / total);
}

/** Request Payout is offered only when there is money to pay out. */
export function canRequestPayout(availableMinor: number): boolean {
  return availableMinor > 0;
}

/**
 * Where the member's earnings stand, for the Total Earnings and Available Balance cards: what is still to be
 * paid (the balance, or a payout requested and not yet processed) or everything paid out already.
 */
export type BalanceState =
  | { kind: "nothing-earned" }
  | { kind: "available" }
  | { kind: "payout-requested"; requestedMinor: number }
  | { kind: "all-paid"; paidMinor: number };

export function balanceState(data: Pick<AffiliateDashboard, "totalEarnings" | "payouts">): BalanceState {
  const sum = (status: string) =>
    data.payouts
      .filter((payout) => payout.status === status)
      .reduce((total, payout) => total + payout.amount, 0);
  if (canRequestPayout(data.totalEarnings.available)) return { kind: "available" };
  const requestedMinor = sum("requested");
  if (requestedMinor > 0) return { kind: "payout-requested", requestedMinor };
  if (data.totalEarnings.total > 0) return { kind: "all-paid", paidMinor: sum("completed") };
  return { kind: "nothing-earned" };
}

/** The Total Earnings card's note and the Available Balance card's sentence for a balance state. */
export function balanceTexts(state: BalanceState, currency: string) {
  switch (state.kind) {
    case "available":
      return {
        earningsNote: "Pending payout",
        available: "Available for payout at the beginning of next month",
      };
    case "payout-requested":
      return {
        earningsNote: "Pending payout",
        available: `Your payout of ${formatMoney(state.requestedMinor, currency)} is being processed.`,
      };
    case "all-paid":
      return {
        earningsNote: `${formatMoney(state.paidMinor, currency)} paid out`,
        available: "Everything you have earned has been paid out. New commissions will show here.",
      };
    case "nothing-earned":
      return {
        earningsNote: "Pending payout",
        available: "No earnings available yet. Start referring users to earn commissions!",
      };
  }
}

export type PayoutFormValues = {
  payoutMethod: "bank_transfer" | "paypal";
  accountDetails: string;
  sortCode: string;
  accountNumber: string;
  paypalEmail: string;
};

export const EMPTY_PAYOUT_FORM: PayoutFormValues = {
  payoutMethod: "bank_transfer",
  accountDetails: "",
  sortCode: "",
  accountNumber: "",
  paypalEmail: "",
};

/** Submit is disabled while a field of the chosen method is empty or a request is pending. */
export function canSubmitPayout(values: PayoutFormValues, pending: boolean): boolean {
  if (pending) return false;
  if (values.payoutMethod === "paypal") return values.paypalEmail.trim() !== "";
  return [values.accountDetails, values.sortCode, values.accountNumber].every((value) => value.trim() !== "");
}

/** The request body for the chosen method only (the contract's schemas are strict). */
export function payoutBody(values: PayoutFormValues) {
  if (values.payoutMethod === "paypal") {
    return { payoutMethod: "paypal" as const, payoutDetails: { paypalEmail: values.paypalEmail.trim() } };
  }
  return {
    payoutMethod: "bank_transfer" as const,
    payoutDetails: {
      accountDetails: values.accountDetails.trim(),
      sortCode: values.sortCode.trim(),
      accountNumber: values.accountNumber.trim(),
    },
  };
}

/** "pending" → "Pending", "bank_transfer" → "Bank transfer". */
export function statusLabel(status: string): string {
  const text = status.replace(/_/g, " ").trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "-";
}

/** "paid" earnings, "completed" payouts and "confirmed" referrals are highlighted; the rest look alike. */
export function isHighlightedStatus(kind: "referral" | "earning" | "payout", status: string): boolean {
  if (kind === "referral") return status === "confirmed";
  if (kind === "earning") return status === "paid";
  return status === "completed";
}

/** "2025-03-07T…" → "7 Mar 2025"; null or unparsable → "-". */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "-";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "-";
  return date.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
}

/** The Recent Payouts card: the 3 newest requests. */
export function recentPayouts<T extends { requestedAt: string }>(payouts: readonly T[], count = 3): T[] {
  return [...payouts].sort((a, b) => b.requestedAt.localeCompare(a.requestedAt)).slice(0, count);
}
