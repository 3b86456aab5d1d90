import { Users } from "lucide-react";
import { LoadingLine } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { useUniqueViewers } from "./use-unique-viewers.ts";

/** "Your Unique Views": distinct visitors across all my posts, as the server counts them. */
export function UniqueViewsCard() {
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
        <QueryState
          query={query}
          loading={<LoadingLine>Counting your viewers...</LoadingLine>}
          error="Failed to load your unique views"
        >
          {(viewers) => (
            <>
              <p
                className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums"
                data-testid="unique-views"
              >
                {viewers.totalUnique}
              </p>
              <p className="text-sm font-medium text-slate-700">
                Total unique viewers across all your tagged posts
              </p>
              <p className="text-xs text-slate-600">
                Everyone who searched for or opened your posts, each counted once. Anonymous visitors are
                counted too, but never named.
              </p>
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
