import { Crown } from "lucide-react";
import { getPlanCapabilities } from "#contract/plans.ts";
import { Badge } from "#web/components/ui/badge.tsx";

export type SubscriptionBadgeProps = { status: string };

/** "Premium Member" as a gold pill with a crown, or "Free Member". */
export function SubscriptionBadge({ status }: SubscriptionBadgeProps) {
  const plan = getPlanCapabilities(status);
  if (!plan.premium) return <Badge variant="neutral">{plan.badgeLabel}</Badge>;
  return (
    <Badge variant="premium" className="shadow-sm">
      <Crown aria-hidden="true" className="fill-premium-400 text-premium-800" />
      {plan.badgeLabel}
    </Badge>
  );
}
