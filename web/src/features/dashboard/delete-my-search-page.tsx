import { BackToDashboard } from "#web/components/back-to-dashboard.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { UniqueViewsCard } from "#web/features/analytics/unique-views-card.tsx";
import { SearchDataCard } from "#web/features/search/search-data-card.tsx";

/** /delete-my-search (members): my unique viewers, and a real delete of my own search history. */
export function DeleteMySearchPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="Delete My Search" />
      <BackToDashboard />
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Delete My Search</h1>
        <p className="text-slate-600">
          Manage your search history: see who has looked at your posts, and remove the searches you left on
          other members' posts.
        </p>
      </header>
      <UniqueViewsCard />
      <SearchDataCard />
    </div>
  );
}
