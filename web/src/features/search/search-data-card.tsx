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
          Every search and view you make is recorded for the owner of the post. Deleting your search history
          removes the ones made under your name from every owner's analytics; the ones made while you were
          anonymous stay as Anonymous User and can never be tied to you again.
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
