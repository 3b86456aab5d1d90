import type { Profile } from "#contract/api/profile.ts";
import { getPlanCapabilities } from "#contract/plans.ts";
import { AnalyticsActivity } from "#web/features/analytics/analytics-activity.tsx";
import { AnalyticsCard } from "#web/features/analytics/analytics-card.tsx";
import { VerifyEmailReminder } from "#web/features/auth/verify-email-reminder.tsx";
import { GreetingPopup } from "#web/features/content/greeting-popup.tsx";
import { MyTaggedPostsCard } from "#web/features/posts/my-tagged-posts-card.tsx";
import { HideMySearchesSwitch } from "#web/features/privacy/hide-my-searches-switch.tsx";
import { PrivacySettingsCard } from "#web/features/privacy/privacy-settings-card.tsx";
import { PendingEmailRequest } from "#web/features/profile/pending-email-request.tsx";
import { DashboardLinkCards } from "./dashboard-link-cards.tsx";
import { DashboardProfileCards } from "./dashboard-profile-cards.tsx";
import { UpgradeBanner } from "./upgrade-banner.tsx";

export type DashboardSectionsProps = { profile: Profile };

/**
 * Everything on the dashboard under the member's header, in its own chunk that loads once the header has
 * painted (`AfterFirstPaint` in dashboard-page.tsx): an administrator's e-mail change waiting for the
 * member's word, the reminders, the analytics and posts cards, privacy,
 * the link and profile cards, and the greeting.
 */
export default function DashboardSections({ profile }: DashboardSectionsProps) {
  const plan = getPlanCapabilities(profile.subscriptionStatus);
  return (
    <>
      <PendingEmailRequest profile={profile} />
      <VerifyEmailReminder profile={profile} />
      {plan.premium ? null : <UpgradeBanner />}
      <AnalyticsCard action={<HideMySearchesSwitch profile={profile} />} />
      <MyTaggedPostsCard profile={profile} analytics={<AnalyticsActivity listClassName="max-h-[55dvh]" />} />
      <PrivacySettingsCard />
      <DashboardLinkCards />
      <DashboardProfileCards />
      <GreetingPopup />
    </>
  );
}
