import { AlertTriangle, CreditCard } from "lucide-react";
import { Link } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import { Button } from "#web/components/ui/button.tsx";
import { pastDueText } from "./billing-display.ts";
import { formatPeriodEnd } from "./payments-display.ts";

export type PastDueBannerProps = { profile: Pick<Profile, "subscriptionLapsesAt"> };

/** Across the app while a renewal is unpaid: when Premium lapses, and the way to fix it. */
export function PastDueBanner({ profile }: PastDueBannerProps) {
  return (
    <section
      aria-label="Payment problem"
      className="border-b border-red-200 bg-red-50 text-red-900"
      data-testid="past-due-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <AlertTriangle className="size-5 shrink-0 text-red-700" aria-hidden="true" />
        <p className="min-w-0 flex-1 text-sm">
          <span className="font-semibold">Payment failed. </span>
          {pastDueText(formatPeriodEnd(profile.subscriptionLapsesAt))}
        </p>
        <Button asChild size="sm" variant="destructive">
          <Link to="/payments?card=update">
            <CreditCard aria-hidden="true" />
            Update card
          </Link>
        </Button>
      </div>
    </section>
  );
}
