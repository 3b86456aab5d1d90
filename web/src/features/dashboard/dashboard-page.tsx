import type { Profile } from "#contract/api/profile.ts";
import { getPlanCapabilities } from "#contract/plans.ts";
import { PageTitle } from "#web/components/page-title.tsx";
import { AnalyticsActivity } from "#web/features/analytics/analytics-activity.tsx";
import { AnalyticsCard } from "#web/features/analytics/analytics-card.tsx";
import { VerifyEmailReminder } from "#web/features/auth/verify-email-reminder.tsx";
import { GreetingPopup } from "#web/features/content/greeting-popup.tsx";
import { usePaymentReturn } from "#web/features/payments/use-payment-return.ts";
import { MyTaggedPostsCard } from "#web/features/posts/my-tagged-posts-card.tsx";
import { HideMySearchesSwitch } from "#web/features/privacy/hide-my-searches-switch.tsx";
import { PrivacySettingsCard } from "#web/features/privacy/privacy-settings-card.tsx";
import { DashboardHeader } from "./dashboard-header.tsx";
import { DashboardLinkCards } from "./dashboard-link-cards.tsx";
import { DashboardProfileCards } from "./dashboard-profile-cards.tsx";
import { FloatingSearchButton } from "./floating-search-button.tsx";
import { UpgradeBanner } from "./upgrade-banner.tsx";
import { useMobileSessionPoll } from "./use-mobile-session-poll.ts";

export type DashboardPageProps = { profile: Profile };

export function DashboardPage({ profile }: DashboardPageProps) {
  const plan = getPlanCapabilities(profile.subscriptionStatus);
  useMobileSessionPoll();
  usePaymentReturn();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 pt-8 pb-24 sm:px-6 md:pb-8">
      <PageTitle title="Dashboard" />
      <DashboardHeader profile={profile} />
      <VerifyEmailReminder profile={profile} />
      {plan.premium ? null : <UpgradeBanner />}
      <AnalyticsCard action={<HideMySearchesSwitch profile={profile} />} />
      <MyTaggedPostsCard profile={profile} analytics={<AnalyticsActivity listClassName="max-h-[55dvh]" />} />
      <PrivacySettingsCard />
      <DashboardLinkCards />
      <DashboardProfileCards />
      <FloatingSearchButton />
      <GreetingPopup />
    </div>
  );
}
