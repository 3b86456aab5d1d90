import { ArrowRight, HandCoins } from "lucide-react";
import { Link } from "react-router";
import { HelpButton } from "#web/components/help-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";

/** The affiliate programme in one line, and the way to /affiliate. */
export function AffiliateCard() {
  return (
    <Card role="region" aria-labelledby="affiliate-card-title" className="flex flex-col">
      <CardHeader>
        <div className="flex items-center gap-1">
          <CardTitle id="affiliate-card-title" className="flex items-center gap-2 text-lg">
            <HandCoins className="size-5 text-brand-700" aria-hidden="true" />
            Affiliate Program
          </CardTitle>
          <HelpButton sectionName="affiliate-program" topic="Affiliate program" />
        </div>
        <CardDescription>Earn commission when people you refer subscribe to Premium.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4 pt-3">
        <p className="flex-1 text-sm text-slate-600">
          Share your referral link, see the members you referred and what you earned, and request a payout.
        </p>
        <div>
          <Button asChild variant="outline">
            <Link to="/affiliate">
              Go to Affiliate Program
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
