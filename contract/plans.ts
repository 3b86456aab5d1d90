export const SUBSCRIPTION_STATUSES = ["inactive", "incomplete", "active", "past_due", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Stripe's subscription statuses in Tagit's words (Tagit offers no trials and never pauses). */
export function subscriptionStatusOf(providerStatus: string): SubscriptionStatus {
  switch (providerStatus) {
    case "active":
    case "trialing":
      return "active";
    case "incomplete":
      return "incomplete";
    case "past_due":
    case "unpaid":
      return "past_due";
    case "canceled":
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
  const premium = status === "active";
  return {
    premium,
    changePostVisibility: premium,
    aiPostCreation: ai.isEnabled && (premium || ai.allowFreeUsers),
    badgeLabel: premium ? "Premium Member" : "Free Member",
  } as const;
}
