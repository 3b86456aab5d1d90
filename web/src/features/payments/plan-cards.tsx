import { AlertTriangle, Check, Crown, Gift, Sparkles } from "lucide-react";
import { Link } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import { getPlanCapabilities } from "#contract/plans.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ManageSubscription } from "./manage-subscription.tsx";
import { PREMIUM_FEATURES } from "./payments-display.ts";

export type PremiumPlanCardProps = {
  profile: Profile | null;
  priceLabel: string;
  /** Subscribe Now is disabled (a request is running or the session is still being checked). */
  busy: boolean;
  /** The subscription is being created: the button says so. */
  preparing: boolean;
  onSubscribe: () => void;
  /** A Premium member's Update card. */
  onChangeCard: () => void;
};

/** The Premium plan: price, features, and Subscribe Now — or, for members who have it, cancelling. */
export function PremiumPlanCard({
  profile,
  priceLabel,
  busy,
  preparing,
  onSubscribe,
  onChangeCard,
}: PremiumPlanCardProps) {
  const premium = getPlanCapabilities(profile?.subscriptionStatus ?? "inactive").premium;
  return (
    <Card
      role="region"
      aria-labelledby="premium-plan-title"
      className="relative overflow-hidden border-premium-400/70 shadow-md"
    >
      <div className="h-1.5 bg-linear-to-r from-premium-400 to-brand-500" aria-hidden="true" />
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="premium-plan-title" className="flex items-center gap-2">
            <Crown className="size-5 text-premium-800" aria-hidden="true" />
            Premium
          </CardTitle>
          {profile?.subscriptionStatus === "past_due" ? (
            <Badge variant="destructive">
              <AlertTriangle aria-hidden="true" />
              Payment due
            </Badge>
          ) : premium ? (
            <Badge variant="premium">
              <Check aria-hidden="true" />
              Premium Active
            </Badge>
          ) : null}
        </div>
        <p className="mt-2 flex items-baseline gap-2">
          <span className="text-4xl font-bold tracking-tight text-slate-900">{priceLabel}</span>
          <span className="text-slate-600">per month</span>
        </p>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2.5" aria-label="Premium features">
          {PREMIUM_FEATURES.map((feature) => (
            <li key={feature} className="flex items-center gap-2.5 text-slate-700">
              <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                <Check className="size-3.5" aria-hidden="true" />
              </span>
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="flex-col items-stretch">
        {premium && profile ? (
          <ManageSubscription profile={profile} onChangeCard={onChangeCard} />
        ) : (
          <Button size="lg" onClick={onSubscribe} disabled={busy}>
            {preparing ? <Spinner className="text-white" /> : <Sparkles aria-hidden="true" />}
            {preparing ? "Preparing..." : "Subscribe Now"}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

/** Shown while the administrator has switched free access on: the dashboard without paying. */
export function FreeAccessCard() {
  return (
    <Card role="region" aria-labelledby="free-access-title" className="border-emerald-200">
      <CardHeader>
        <CardTitle id="free-access-title" className="flex items-center gap-2">
          <Gift className="size-5 text-emerald-700" aria-hidden="true" />
          Free Access Available
        </CardTitle>
        <CardDescription>
          Free access is switched on right now, so you can use Tagit without a subscription.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Button asChild variant="secondary" size="lg">
          <Link to="/dashboard">Continue to Dashboard</Link>
        </Button>
        <p className="text-sm text-slate-600">
          You can still upgrade to Premium at any time to keep every feature when free access ends.
        </p>
      </CardContent>
    </Card>
  );
}
