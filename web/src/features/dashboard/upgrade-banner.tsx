import { Crown } from "lucide-react";
import { Link } from "react-router";
import { PREMIUM_CURRENCY, PREMIUM_PRICE_MINOR } from "#contract/limits.ts";
import { Button } from "#web/components/ui/button.tsx";

const price = `${PREMIUM_CURRENCY} ${PREMIUM_PRICE_MINOR / 100}`;

/** Shown to free members: what Premium unlocks and where to buy it. */
export function UpgradeBanner() {
  return (
    <aside
      aria-label="Upgrade to Premium"
      className="flex flex-col gap-4 rounded-2xl border border-premium-400/60 bg-linear-to-r from-premium-50 to-white p-5 sm:flex-row sm:items-center"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-premium-100 text-premium-800">
        <Crown className="size-5" aria-hidden="true" />
      </span>
      <div className="flex-1">
        <p className="font-semibold text-slate-900">Upgrade to Premium — {price} / month</p>
        <p className="text-sm text-slate-600">
          Control who can see your posts, customise your profile and add social links.
        </p>
      </div>
      <Button asChild variant="primary">
        <Link to="/payments">See Premium</Link>
      </Button>
    </aside>
  );
}
