import {
  BadgePercent,
  Copy,
  ExternalLink,
  HandCoins,
  Link2,
  PoundSterling,
  RefreshCw,
  TrendingUp,
  Users,
  Wallet,
} from "lucide-react";
import { type ComponentType, type ReactNode, useState } from "react";
import { toast } from "sonner";
import type { AffiliateDashboard } from "#contract/api/affiliate.ts";
import { BackToDashboard } from "#web/components/back-to-dashboard.tsx";
import { HelpButton } from "#web/components/help-button.tsx";
import { PageSpinner } from "#web/components/page-spinner.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { formatMoney } from "#web/lib/money.ts";
import {
  balanceState,
  balanceTexts,
  canRequestPayout,
  commissionText,
  conversionRate,
  countReferrals,
  formatDate,
  formatPercentage,
  recentPayouts,
} from "./affiliate-display.ts";
import { AffiliateTables, StatusBadge } from "./affiliate-tables.tsx";
import { PayoutDialog } from "./payout-dialog.tsx";
import { useAffiliateDashboard } from "./use-affiliate.ts";

/** /affiliate (members): referral link, stats, balance, payouts and the three tabs. */
export function AffiliatePage() {
  const dashboard = useAffiliateDashboard();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="Affiliate Program" />
      <BackToDashboard />
      <QueryState
        query={dashboard}
        loading={<PageSpinner label="Loading affiliate program..." />}
        error={(error) => (
          <div className="grid gap-4">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Affiliate Program
            </h1>
            <Alert variant="destructive" role="alert" className="items-center">
              <p className="flex-1">
                Could not load your affiliate program.{" "}
                {errorMessage(error, "Failed to load the affiliate dashboard.")}
              </p>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void dashboard.refetch()}
                disabled={dashboard.isFetching}
              >
                <RefreshCw aria-hidden="true" />
                Try again
              </Button>
            </Alert>
          </div>
        )}
      >
        {(data) => <AffiliateContent data={data} />}
      </QueryState>
    </div>
  );
}

function AffiliateContent({ data }: { data: AffiliateDashboard }) {
  const [payoutOpen, setPayoutOpen] = useState(false);
  const counts = countReferrals(data.referrals);
  const { total, available, currency } = data.totalEarnings;
  const payable = canRequestPayout(available);
  const balance = balanceTexts(balanceState(data), currency);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(data.referralUrl);
      toast.success("Copied!", { description: "Referral link copied to clipboard" });
    } catch {
      toast.error("Failed to copy link");
    }
  };

  return (
    <>
      <header className="grid gap-1">
        <div className="flex items-center gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Affiliate Program</h1>
          <HelpButton sectionName="affiliate-program" topic="Affiliate program" />
        </div>
        <p className="text-slate-600">{commissionText(data.settings.commissionPercentage)}</p>
      </header>

      {data.settings.isActive ? null : (
        <Alert variant="warning">
          <p>
            The affiliate program is paused at the moment: sign-ups through your link are not recorded as
            referrals. Your balance and the earnings you have made stay payable.
          </p>
        </Alert>
      )}

      <section aria-label="Affiliate statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          icon={BadgePercent}
          label="Commission Rate"
          value={`${formatPercentage(data.settings.commissionPercentage)}%`}
          note="per subscription"
        />
        <StatCard
          icon={Users}
          label="Total Referrals"
          value={String(counts.total)}
          note={`${counts.confirmed} confirmed, ${counts.pending} pending`}
        />
        <StatCard
          icon={PoundSterling}
          label="Total Earnings"
          value={formatMoney(total, currency)}
          note={balance.earningsNote}
        />
        <StatCard
          icon={TrendingUp}
          label="Conversion Rate"
          value={`${conversionRate(counts.confirmed, counts.total)}%`}
          note="of referrals subscribed"
        />
      </section>

      <Card role="region" aria-labelledby="referral-link-title">
        <CardHeader>
          <CardTitle id="referral-link-title" className="flex items-center gap-2 text-lg">
            <Link2 className="size-5 text-brand-700" aria-hidden="true" />
            Your Referral Link
          </CardTitle>
          <CardDescription>
            Share this link. When someone signs up through it and subscribes to Premium, you earn commission.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 sm:flex-row">
          <Input
            readOnly
            value={data.referralUrl}
            aria-label="Referral link"
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-sm"
          />
          <div className="flex gap-2">
            <Button variant="primary" onClick={() => void copyLink()}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
            <Button
              variant="outline"
              onClick={() => window.open(data.referralUrl, "_blank", "noopener,noreferrer")}
            >
              <ExternalLink aria-hidden="true" />
              Test
            </Button>
          </div>
        </CardContent>
      </Card>

      <div className="grid gap-4 md:grid-cols-2">
        <Card role="region" aria-labelledby="balance-title" className="flex flex-col">
          <CardHeader>
            <CardTitle id="balance-title" className="flex items-center gap-2 text-lg">
              <Wallet className="size-5 text-brand-700" aria-hidden="true" />
              Available Balance
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-1 flex-col gap-4">
            <p className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
              {formatMoney(available, currency)}
            </p>
            <p className="flex-1 text-sm text-slate-600">{balance.available}</p>
            <div>
              <Button onClick={() => setPayoutOpen(true)} disabled={!payable}>
                <HandCoins aria-hidden="true" />
                Request Payout
              </Button>
            </div>
          </CardContent>
        </Card>

        <Card role="region" aria-labelledby="recent-payouts-title">
          <CardHeader>
            <CardTitle id="recent-payouts-title" className="text-lg">
              Recent Payouts
            </CardTitle>
          </CardHeader>
          <CardContent>
            {data.payouts.length === 0 ? (
              <p className="text-sm text-slate-600">No payouts yet</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {recentPayouts(data.payouts).map((payout) => (
                  <li key={payout.id} className="flex items-center justify-between gap-3 py-2.5">
                    <div>
                      <p className="font-semibold text-slate-900 tabular-nums">
                        {formatMoney(payout.amount, payout.currency)}
                      </p>
                      <p className="text-xs text-slate-500">Requested {formatDate(payout.requestedAt)}</p>
                    </div>
                    <StatusBadge kind="payout" status={payout.status} />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <section aria-label="Referrals, earnings and payouts">
        <AffiliateTables data={data} />
      </section>

      <PayoutDialog
        open={payoutOpen}
        onOpenChange={setPayoutOpen}
        availableMinor={available}
        currency={currency}
      />
    </>
  );
}

type StatCardProps = {
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  label: string;
  value: string;
  note: ReactNode;
};

function StatCard({ icon: Icon, label, value, note }: StatCardProps) {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="text-sm font-medium text-slate-600">{label}</p>
          <p className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums">{value}</p>
          <p className="text-xs text-slate-500">{note}</p>
        </div>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </div>
    </Card>
  );
}
