import { Crown } from "lucide-react";
import type { Profile } from "#contract/api/profile.ts";
import { getPlanCapabilities } from "#contract/plans.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { planBadgeLabel } from "#web/features/payments/billing-display.ts";

export type SubscriptionBadgeProps = {
  profile: Pick<
    Profile,
    | "subscriptionStatus"
    | "subscriptionCancelAtPeriodEnd"
    | "subscriptionCurrentPeriodEnd"
    | "subscriptionLapsesAt"
  >;
};

/** "Premium Member" (or "Premium until …" once cancelled) as a gold pill with a crown, or "Free Member". */
export function SubscriptionBadge({ profile }: SubscriptionBadgeProps) {
  const label = planBadgeLabel(profile);
  if (!getPlanCapabilities(profile.subscriptionStatus).premium)
    return <Badge variant="neutral">{label}</Badge>;
  return (
    <Badge variant="premium" className="shadow-sm">
      <Crown aria-hidden="true" className="fill-premium-400 text-premium-800" />
      {label}
    </Badge>
  );
}
