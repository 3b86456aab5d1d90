import { useSearchParams } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import type { AdminSectionProps } from "../admin-section-props.ts";
import { REPORTED_POSTS_TABS, type ReportedPostsTab } from "../moderation/moderation-links.ts";
import { ModerationReasonsCard } from "../moderation/moderation-reasons-card.tsx";
import { AppealsQueue } from "./appeals-queue.tsx";
import { ReportQueue } from "./report-queue.tsx";

const TAB_LABELS: Record<ReportedPostsTab, string> = {
  reports: "Report Queue",
  appeals: "Appeals",
  reasons: "Reasons",
};

const isTab = (value: string | null): value is ReportedPostsTab =>
  REPORTED_POSTS_TABS.some((tab) => tab === value);

/**
 * Reported Posts: the report queue (the automatic action's settings and the reported posts), the appeals
 * against moderation decisions, and the reasons an administrator picks from. The tab is in the address
 * (`&tab=appeals`), so a reload or a link keeps it.
 */
export function ReportedPostsSection({ search }: AdminSectionProps) {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: ReportedPostsTab = isTab(requested) ? requested : "reports";
  const choose = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === "reports") next.delete("tab");
      else next.set("tab", value);
      return next;
    });

  return (
    <Tabs value={tab} onValueChange={choose} className="gap-4">
      <TabsList aria-label="Reported Posts">
        {REPORTED_POSTS_TABS.map((value) => (
          <TabsTrigger key={value} value={value}>
            {TAB_LABELS[value]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="reports">
        <ReportQueue search={search} />
      </TabsContent>
      <TabsContent value="appeals">
        <AppealsQueue />
      </TabsContent>
      <TabsContent value="reasons">
        <ModerationReasonsCard />
      </TabsContent>
    </Tabs>
  );
}
