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

/** What a member may do on their plan. The server refuses with it and the web upsells with it. */
export function getPlanCapabilities(status: string) {
  const premium = status === "active";
  return {
    premium,
    changePostVisibility: premium,
    badgeLabel: premium ? "Premium Member" : "Free Member",
  } as const;
}
