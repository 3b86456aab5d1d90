import { PAST_DUE_GRACE_DAYS } from "./limits.ts";

export const SUBSCRIPTION_STATUSES = ["inactive", "incomplete", "active", "past_due", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What was last heard of a member's subscription: the columns of their profile. */
export type SubscriptionRecord = {
  subscriptionStatus: SubscriptionStatus;
  subscriptionCancelAtPeriodEnd: boolean;
  subscriptionCurrentPeriodEnd: Date | null;
  subscriptionLapsesAt: Date | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a running subscription's Premium ends by its own dates, whatever the provider reported since: a
 * cancelled one at the end of its paid period; one that renews once a failed renewal's grace after that
 * period has passed too (a renewal that was paid moves the period on); a past-due one at its lapse date if
 * that comes first. Null when it is not running or no period is known.
 */
function premiumEndOf(record: SubscriptionRecord): Date | null {
  const { subscriptionStatus: status, subscriptionCurrentPeriodEnd: periodEnd } = record;
  if (status !== "active" && status !== "past_due") return null;
  const ends: number[] = [];
  if (periodEnd) {
    const grace = record.subscriptionCancelAtPeriodEnd ? 0 : PAST_DUE_GRACE_DAYS * DAY_MS;
    ends.push(periodEnd.getTime() + grace);
  }
  if (status === "past_due" && record.subscriptionLapsesAt) ends.push(record.subscriptionLapsesAt.getTime());
  return ends.length > 0 ? new Date(Math.min(...ends)) : null;
}

/**
 * The subscription's status at `now` on the server's clock: a running subscription whose Premium has ended
 * by its own dates is over (`canceled`) even when the provider's word of its renewal or its end never came.
 * This, not the stored status, is what decides Premium and what the member is shown.
 */
export function subscriptionStatusAt(record: SubscriptionRecord, now: Date): SubscriptionStatus {
  const end = premiumEndOf(record);
  return end && end <= now ? "canceled" : record.subscriptionStatus;
}

/**
 * Stripe's subscription statuses in Tagit's words (Tagit offers no trials and never pauses). `unpaid` is what
 * Stripe leaves when every retry of a renewal failed and it is set to keep the subscription: Premium is over,
 * as when it cancels (decision 032).
 */
export function subscriptionStatusOf(providerStatus: string): SubscriptionStatus {
  switch (providerStatus) {
    case "active":
    case "trialing":
      return "active";
    case "incomplete":
      return "incomplete";
    case "past_due":
      return "past_due";
    case "canceled":
    case "unpaid":
    case "paused":
      return "canceled";
    default:
      return "inactive"; // incomplete_expired: the first invoice was never paid
  }
}

/** The administrator's AI switches (admin panel "AI Settings"; decision 026). */
export type AiSwitches = { isEnabled: boolean; allowFreeUsers: boolean };
/** What a caller that has not read the AI settings gets: no AI. */
export const AI_SWITCHES_UNKNOWN: AiSwitches = { isEnabled: false, allowFreeUsers: false };

/**
 * What a member may do on their plan. The server refuses with it and the web upsells with it. `status` is the
 * subscription's status now: on the server `subscriptionStatusAt(record, clock.now())`, never the stored
 * column; in the web the profile's `subscriptionStatus`, which the server answers that way. `ai` is the
 * administrator's AI settings: `aiPostCreation` is what the first AI feature (the AI-powered post creation
 * the dashboard advertises) must check — no feature uses AI yet (decision 026).
 */
export function getPlanCapabilities(status: string, ai: AiSwitches = AI_SWITCHES_UNKNOWN) {
  // A failed renewal (past_due) keeps Premium while the provider retries, until the lapse date the member is
  // shown with the banner; the subscription then ends (decision 032).
  const premium = status === "active" || status === "past_due";
  return {
    premium,
    changePostVisibility: premium,
    aiPostCreation: ai.isEnabled && (premium || ai.allowFreeUsers),
    badgeLabel: premium ? "Premium Member" : "Free Member",
  } as const;
}
