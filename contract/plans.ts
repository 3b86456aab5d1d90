export const SUBSCRIPTION_STATUSES = ["inactive", "incomplete", "active", "past_due", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

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
 * What a member may do on their plan. The server refuses with it and the web upsells with it. `ai` is the
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
