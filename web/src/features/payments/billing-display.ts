import type { Invoice } from "#contract/api/payments.ts";
import type { Profile } from "#contract/api/profile.ts";
import { getPlanCapabilities } from "#contract/plans.ts";
import { formatPeriodEnd } from "./payments-display.ts";

/** Rules of the self-service part of /payments and of the plan badge. Pure: unit-tested. */

type SubscriptionFields = Pick<
  Profile,
  | "subscriptionStatus"
  | "subscriptionCancelAtPeriodEnd"
  | "subscriptionCurrentPeriodEnd"
  | "subscriptionLapsesAt"
>;

/** Where a Premium member's subscription stands, with the one date that matters for it. */
export type SubscriptionState =
  | { kind: "none" }
  | { kind: "renews"; date: string | null }
  | { kind: "ends"; date: string | null }
  | { kind: "past_due"; date: string | null };

export function subscriptionState(profile: SubscriptionFields | null | undefined): SubscriptionState {
  if (!profile || !getPlanCapabilities(profile.subscriptionStatus).premium) return { kind: "none" };
  if (profile.subscriptionStatus === "past_due") {
    return { kind: "past_due", date: formatPeriodEnd(profile.subscriptionLapsesAt) };
  }
  const date = formatPeriodEnd(profile.subscriptionCurrentPeriodEnd);
  return profile.subscriptionCancelAtPeriodEnd ? { kind: "ends", date } : { kind: "renews", date };
}

/** The plan badge: "Premium until 15 February 2026" once cancelled, otherwise the plan's own label. */
export function planBadgeLabel(profile: SubscriptionFields): string {
  const state = subscriptionState(profile);
  if (state.kind === "ends" && state.date) return `Premium until ${state.date}`;
  return getPlanCapabilities(profile.subscriptionStatus).badgeLabel;
}

/** One line under the plan: when it renews, ends or lapses. */
export function subscriptionStateText(state: SubscriptionState): string {
  switch (state.kind) {
    case "renews":
      return state.date ? `Renews on ${state.date}.` : "Renews every month.";
    case "ends":
      return state.date
        ? `Premium until ${state.date}. It will not renew.`
        : "Premium until the end of this billing period. It will not renew.";
    case "past_due":
      return pastDueText(state.date);
    default:
      return "";
  }
}

/** The past-due banner's words (the e-mail says the same). */
export function pastDueText(lapseDate: string | null): string {
  return lapseDate
    ? `We couldn't take your last Premium payment. Update your card by ${lapseDate} to keep Premium.`
    : "We couldn't take your last Premium payment. Update your card to keep Premium.";
}

const BRANDS: Record<string, string> = {
  amex: "American Express",
  diners: "Diners Club",
  discover: "Discover",
  jcb: "JCB",
  mastercard: "Mastercard",
  unionpay: "UnionPay",
  visa: "Visa",
};

/** "visa", "4242" → "Visa ending in 4242". */
export function cardLabel(card: { brand: string; last4: string }): string {
  const brand = BRANDS[card.brand.toLowerCase()] ?? (card.brand ? card.brand : "Card");
  return `${brand} ending in ${card.last4}`;
}

export const INVOICE_STATUS_LABEL: Record<Invoice["status"], string> = { paid: "Paid", open: "Unpaid" };
