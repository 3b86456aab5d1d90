import type { ReactNode } from "react";
import { HelpButton } from "#web/components/help-button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { AnalyticsActivity } from "./analytics-activity.tsx";
import { AnalyticsChart } from "./analytics-chart.tsx";
import { useTaggAnalytics } from "./use-tagg-analytics.ts";

export type AnalyticsCardProps = {
  /** Shown beside the title: the dashboard puts the privacy feature's "Hide my searches" switch here. */
  action?: ReactNode;
};

/** Dashboard card "Who's Searching for Your Taggs": the switch, a 14-day chart and the activity list. */
export function AnalyticsCard({ action }: AnalyticsCardProps) {
  const query = useTaggAnalytics();
  return (
    <Card role="region" aria-labelledby="analytics-card-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 pb-0 sm:p-6 sm:pb-0">
        <div className="grid min-w-0 flex-1 basis-64 gap-1">
          <div className="flex items-center gap-1">
            <CardTitle id="analytics-card-title">Who's Searching for Your Taggs</CardTitle>
            <HelpButton sectionName="search-tags" topic="Who's searching for your taggs" />
          </div>
          <CardDescription>
            Everyone who searched for or opened your posts, newest first. Visitors who chose to hide, or were
            signed out, appear as Anonymous User, only after the hour they came in is over and with that hour
            instead of an exact time.
          </CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent className="grid gap-4 p-4 sm:p-6">
        {query.data && query.data.length > 0 ? <AnalyticsChart events={query.data} /> : null}
        <AnalyticsActivity />
      </CardContent>
    </Card>
  );
}
