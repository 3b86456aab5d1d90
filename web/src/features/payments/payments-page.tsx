import { Crown } from "lucide-react";
import { PREMIUM_CURRENCY, PREMIUM_PRICE_MINOR } from "#contract/limits.ts";
import { PagePlaceholder } from "#web/components/page-placeholder.tsx";

const price = `${PREMIUM_CURRENCY} ${PREMIUM_PRICE_MINOR / 100}`;

/** /payments (everyone): the Premium plan. Subscribing arrives with the payments feature. */
export function PaymentsPage() {
  return (
    <PagePlaceholder
      icon={Crown}
      title="Premium"
      description={`Premium costs ${price} per month and unlocks visibility controls for your posts. This page will hold the plan and the card payment form; subscribing arrives with the payments feature.`}
    />
  );
}
