import { Database, Users } from "lucide-react";
import { Link } from "react-router";
import { BackToDashboard } from "#web/components/back-to-dashboard.tsx";
import { LoadError } from "#web/components/load-error.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useUniqueViewers } from "#web/features/analytics/use-unique-viewers.ts";
import { DeleteSearchHistoryButton } from "#web/features/search/delete-search-history-button.tsx";

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
      <Card role="region" aria-labelledby="search-data-title">
        <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
          <CardTitle id="search-data-title" className="flex items-center gap-2">
            <Database className="size-5 text-brand-700" aria-hidden="true" />
            Search Data Management
          </CardTitle>
          <CardDescription>
            Every search and view you make is recorded for the owner of the post. Deleting your search history
            removes all of them from every owner's analytics — including the ones made while you were
            anonymous.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-3 p-4 sm:p-6">
          <DeleteSearchHistoryButton />
          <Button asChild variant="outline">
            <Link to="/manage">See my search history</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function UniqueViewsCard() {
  const query = useUniqueViewers();

  return (
    <Card role="region" aria-labelledby="unique-views-title">
      <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
        <CardTitle id="unique-views-title" className="flex items-center gap-2">
          <Users className="size-5 text-brand-700" aria-hidden="true" />
          Your Unique Views
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 p-4 sm:p-6">
        {query.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <Spinner /> Counting your viewers...
          </p>
        ) : query.isError ? (
          <LoadError message="Failed to load your unique views" query={query} />
        ) : query.data ? (
          <>
            <p
              className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums"
              data-testid="unique-views"
            >
              {query.data.totalUnique}
            </p>
            <p className="text-sm font-medium text-slate-700">
              Total unique viewers across all your tagged posts
            </p>
            <p className="text-xs text-slate-600">
              Everyone who searched for or opened your posts, each counted once. Anonymous visitors are
              counted too, but never named.
            </p>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
