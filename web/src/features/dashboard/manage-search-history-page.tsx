import { PrivacySettingsCard } from "#web/features/privacy/privacy-settings-card.tsx";
import { SearchHistoryCard } from "#web/features/search/search-history-card.tsx";
import { DashboardSubpage } from "./dashboard-subpage.tsx";

/** /manage (members): My Search History with its privacy control card. */
export function ManageSearchHistoryPage() {
  return (
    <DashboardSubpage
      title="My Search History"
      description="The posts you searched for and opened under your name, and how their owners see you while you search."
    >
      <PrivacySettingsCard />
      <SearchHistoryCard />
    </DashboardSubpage>
  );
}
