import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "#web/components/ui/card.tsx";
import { DeleteSearchHistoryButton } from "./delete-search-history-button.tsx";
import { SearchHistoryList } from "./search-history-list.tsx";
import { useSearchHistory } from "./use-search-history.ts";

/** My Search History as a card: my named searches and views, and Delete once there is something to delete. */
export function SearchHistoryCard() {
  const history = useSearchHistory();
  return (
    <Card role="region" aria-labelledby="search-history-title">
      <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
        <CardTitle id="search-history-title">Search History</CardTitle>
        <CardDescription>
          Newest first. Only the searches and views you made under your name are listed: anonymous activity is
          not recorded against you, not even for you.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 sm:p-6">
        <SearchHistoryList />
      </CardContent>
      {history.data && history.data.length > 0 ? (
        <CardFooter className="flex-wrap px-4 sm:px-6">
          <p className="flex-1 basis-60 text-sm text-slate-600">
            Deleting removes these named searches and views from your history and from every owner's
            analytics.
          </p>
          <DeleteSearchHistoryButton size="sm" />
        </CardFooter>
      ) : null}
    </Card>
  );
}
