import { lazy } from "react";
import type { Profile } from "#contract/api/profile.ts";
import { AfterFirstPaint } from "#web/components/after-first-paint.tsx";
import { LoadingStatus } from "#web/components/loading-placeholders.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { usePaymentReturn } from "#web/features/payments/use-payment-return.ts";
import { DashboardHeader } from "./dashboard-header.tsx";
import { FloatingSearchButton } from "./floating-search-button.tsx";
import { useMobileSessionPoll } from "./use-mobile-session-poll.ts";

const DashboardSections = lazy(() => import("./dashboard-sections.tsx"));

export type DashboardPageProps = { profile: Profile };

export function DashboardPage({ profile }: DashboardPageProps) {
  useMobileSessionPoll();
  usePaymentReturn();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 pt-8 pb-24 sm:px-6 md:pb-8">
      <PageTitle title="Dashboard" />
      <DashboardHeader profile={profile} />
      <AfterFirstPaint fallback={<SectionsPlaceholder />}>
        <DashboardSections profile={profile} />
      </AfterFirstPaint>
      <FloatingSearchButton />
    </div>
  );
}

/** Holds the sections' place (at least a screen high, so the footer stays below the fold) while they load. */
function SectionsPlaceholder() {
  return (
    <LoadingStatus label="Loading your dashboard..." className="flex min-h-dvh flex-col gap-5">
      <Skeleton className="h-40 rounded-xl" />
      <Skeleton className="h-64 rounded-xl" />
    </LoadingStatus>
  );
}
