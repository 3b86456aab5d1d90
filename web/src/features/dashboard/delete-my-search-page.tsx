import { UniqueViewsCard } from "#web/features/analytics/unique-views-card.tsx";
import { SearchDataCard } from "#web/features/search/search-data-card.tsx";
import { DashboardSubpage } from "./dashboard-subpage.tsx";

/** /delete-my-search (members): my unique viewers, and a real delete of my own search history. */
export function DeleteMySearchPage() {
  return (
    <DashboardSubpage
      title="Delete My Search"
      description="Manage your search history: see who has looked at your posts, and remove the searches you left on other members' posts."
    >
      <UniqueViewsCard />
      <SearchDataCard />
    </DashboardSubpage>
  );
}
