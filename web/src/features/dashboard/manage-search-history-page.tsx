import { BackToDashboard } from "#web/components/back-to-dashboard.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { PrivacySettingsCard } from "#web/features/privacy/privacy-settings-card.tsx";
import { SearchHistoryCard } from "#web/features/search/search-history-card.tsx";

/** /manage (members): My Search History with its privacy control card. */
export function ManageSearchHistoryPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-8 sm:px-6">
      <PageTitle title="My Search History" />
      <BackToDashboard />
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Search History</h1>
        <p className="text-slate-600">
          The posts you searched for and opened, and how their owners see you while you search.
        </p>
      </header>
      <PrivacySettingsCard />
      <SearchHistoryCard />
    </div>
  );
}
