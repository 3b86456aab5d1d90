import { BackToDashboard } from "#web/components/back-to-dashboard.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "#web/components/ui/card.tsx";
import { PrivacySettingsCard } from "#web/features/privacy/privacy-settings-card.tsx";
import { DeleteSearchHistoryButton } from "./delete-search-history-button.tsx";
import { SearchHistoryList } from "./search-history-list.tsx";
import { useSearchHistory } from "./use-search-history.ts";

/** /manage (members): My Search History with its privacy control card. */
export function ManageSearchHistoryPage() {
  const history = useSearchHistory();
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
      <Card role="region" aria-labelledby="search-history-title">
        <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
          <CardTitle id="search-history-title">Search History</CardTitle>
          <CardDescription>
            Newest first. Entries marked Anonymous were made while you were hidden.
          </CardDescription>
        </CardHeader>
        <CardContent className="p-4 sm:p-6">
          <SearchHistoryList />
        </CardContent>
        {history.data && history.data.length > 0 ? (
          <CardFooter className="flex-wrap px-4 sm:px-6">
            <p className="flex-1 basis-60 text-sm text-slate-600">
              Deleting also removes these searches and views from other members' analytics.
            </p>
            <DeleteSearchHistoryButton size="sm" />
          </CardFooter>
        ) : null}
      </Card>
    </div>
  );
}
