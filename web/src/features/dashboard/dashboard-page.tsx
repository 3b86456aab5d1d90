import { Info, Search } from "lucide-react";
import { Link } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import { getPlanCapabilities } from "#contract/plans.ts";
import { PageTitle } from "#web/components/page-title.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { AnalyticsCard } from "#web/features/analytics/analytics-card.tsx";
import { MyTaggedPostsCard } from "#web/features/posts/my-tagged-posts-card.tsx";
import { PrivacySettingsCard } from "#web/features/privacy/privacy-settings-card.tsx";
import { needsTagg } from "./dashboard-display.ts";
import { DashboardHeader } from "./dashboard-header.tsx";
import { DashboardLinkCards } from "./dashboard-link-cards.tsx";
import { UpgradeBanner } from "./upgrade-banner.tsx";

export type DashboardPageProps = { profile: Profile };

export function DashboardPage({ profile }: DashboardPageProps) {
  const plan = getPlanCapabilities(profile.subscriptionStatus);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 pt-8 pb-24 sm:px-6 sm:pb-8">
      <PageTitle title="Dashboard" />
      <DashboardHeader profile={profile} />
      {needsTagg(profile.tagg) ? (
        <Alert variant="warning">
          <Info aria-hidden="true" />
          <p>Account settings - search features will be available once your tagg is activated</p>
        </Alert>
      ) : null}
      {plan.premium ? null : <UpgradeBanner />}
      <AnalyticsCard profile={profile} />
      <MyTaggedPostsCard profile={profile} />
      <PrivacySettingsCard />
      <DashboardLinkCards />
      <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-6 text-center text-sm text-slate-600">
        Your affiliate and social link cards appear here as those features are released.
      </p>
      <Link
        to="/search-tagged-posts"
        aria-label="Search Tagged Posts"
        className="fixed right-4 bottom-4 z-30 flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 sm:hidden"
      >
        <Search className="size-6" aria-hidden="true" />
      </Link>
    </div>
  );
}
