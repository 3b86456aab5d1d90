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

/** My Search History as a card: the list, and Delete once there is something to delete. */
export function SearchHistoryCard() {
  const history = useSearchHistory();
  return (
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
            Deleting also removes the ones made under your name from other members' analytics.
          </p>
          <DeleteSearchHistoryButton size="sm" />
        </CardFooter>
      ) : null}
    </Card>
  );
}
