import { UniqueViewsCard } from "#web/features/analytics/unique-views-card.tsx";
import { SearchDataCard } from "#web/features/search/search-data-card.tsx";
import { DashboardSubpage } from "./dashboard-subpage.tsx";

/** /delete-my-search (members): my unique viewers, and a real delete of my own search history. */
export function DeleteMySearchPage() {
  return (
    <DashboardSubpage
      title="Delete My Search"
      description="Manage your search history: see who has looked at your posts, and remove the searches and views you made under your name on other members' posts. Anonymous activity was never recorded against you."
    >
      <UniqueViewsCard />
      <SearchDataCard />
    </DashboardSubpage>
  );
}
