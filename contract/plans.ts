export const SUBSCRIPTION_STATUSES = ["inactive", "incomplete", "active", "past_due", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What a member may do on their plan. The server refuses with it and the web upsells with it. */
export function getPlanCapabilities(status: string) {
  const premium = status === "active";
  return {
    premium,
    changePostVisibility: premium,
    badgeLabel: premium ? "Premium Member" : "Free Member",
  } as const;
}
