import { Database } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { DeleteSearchHistoryButton } from "./delete-search-history-button.tsx";

/** "Search Data Management": what deleting my search history removes, the Delete action, and /manage. */
export function SearchDataCard() {
  return (
    <Card role="region" aria-labelledby="search-data-title">
      <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
        <CardTitle id="search-data-title" className="flex items-center gap-2">
          <Database className="size-5 text-brand-700" aria-hidden="true" />
          Search Data Management
        </CardTitle>
        <CardDescription>
          The searches and views you make under your name are shown to the post's owner and listed in your
          search history. Deleting your search history removes them from your history and from every owner's
          analytics. Anonymous activity was never recorded against you, so there is nothing of it to list or
          delete: owners see it only as Anonymous User.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3 p-4 sm:p-6">
        <DeleteSearchHistoryButton />
        <Button asChild variant="outline">
          <Link to="/manage">See my search history</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
