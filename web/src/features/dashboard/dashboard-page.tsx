import { Info } from "lucide-react";
import type { Profile } from "#contract/api/profile.ts";
import { getPlanCapabilities } from "#contract/plans.ts";
import { PageTitle } from "#web/components/page-title.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { MyTaggedPostsCard } from "#web/features/posts/my-tagged-posts-card.tsx";
import { needsTagg } from "./dashboard-display.ts";
import { DashboardHeader } from "./dashboard-header.tsx";
import { UpgradeBanner } from "./upgrade-banner.tsx";

export type DashboardPageProps = { profile: Profile };

export function DashboardPage({ profile }: DashboardPageProps) {
  const plan = getPlanCapabilities(profile.subscriptionStatus);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="Dashboard" />
      <DashboardHeader profile={profile} />
      {needsTagg(profile.tagg) ? (
        <Alert variant="warning">
          <Info aria-hidden="true" />
          <p>Account settings - search features will be available once your tagg is activated</p>
        </Alert>
      ) : null}
      {plan.premium ? null : <UpgradeBanner />}
      <MyTaggedPostsCard profile={profile} />
      <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-6 text-center text-sm text-slate-600">
        Your visitor analytics, privacy settings, affiliate and social link cards appear here as each of those
        features is released.
      </p>
    </div>
  );
}
