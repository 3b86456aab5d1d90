import { Search, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { CleanupDatabase } from "#contract/api/admin-cleanup.ts";
import { CLEANUP_DATABASES, CLEANUP_DAYS } from "#contract/limits.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { errorMessage } from "#web/lib/api-request.ts";
import { CLEANUP_DATABASE_HINTS, CLEANUP_DATABASE_LABELS, cleanupCountLabel } from "./cleanup-display.ts";
import { CleanupResults } from "./cleanup-results.tsx";
import { type CleanupSearchResult, useCleanup } from "./use-cleanup.ts";

type Days = (typeof CLEANUP_DAYS)[number];
type Searched = CleanupSearchResult & { database: CleanupDatabase; days: Days };

/** Data Cleanup: find inactive taggs, profiles, posts or sessions, select some, delete them. */
export function CleanupSection() {
  const { search, remove } = useCleanup();
  const [database, setDatabase] = useState<CleanupDatabase>("taggs");
  const [days, setDays] = useState<Days>(90);
  const [result, setResult] = useState<Searched | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);

  const runSearch = (query: { database: CleanupDatabase; days: Days }) =>
    search.mutate(query, {
      onSuccess: (found) => {
        setResult({ ...found, ...query });
        setSelected(new Set());
      },
      onError: (error) =>
        toast.error("Search Failed", { description: errorMessage(error, "Failed to search") }),
    });

  const askToDelete = () => {
    if (selected.size === 0) {
      toast.error("No Items Selected", { description: "Please select items to delete." });
      return;
    }
    setConfirming(true);
  };

  const confirmDelete = () => {
    if (!result) return;
    const ids = [...selected];
    remove.mutate(
      { database: result.database, days: result.days, ids },
      {
        onSuccess: ({ deleted }) => {
          toast.success("Cleanup Complete", { description: `Successfully deleted ${deleted} items.` });
          const kept = ids.length - deleted;
          if (kept > 0) {
            toast.info("Some items were kept", {
              description: `${kept} ${kept === 1 ? "item was" : "items were"} active again since the search.`,
            });
          }
          setConfirming(false);
          runSearch({ database: result.database, days: result.days });
        },
        onError: (error) => {
          setConfirming(false);
          toast.error("Delete Failed", { description: errorMessage(error, "Failed to delete the items") });
        },
      },
    );
  };

  return (
    <div className="grid gap-4">
      <Card>
        <CardContent className="grid gap-3 pt-6">
          <form
            className="grid gap-4 sm:grid-cols-[12rem_12rem_auto] sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              runSearch({ database, days });
            }}
          >
            <div className="grid gap-1.5">
              <Label htmlFor="cleanup-database">Database</Label>
              <Select value={database} onValueChange={(next) => setDatabase(next as CleanupDatabase)}>
                <SelectTrigger id="cleanup-database">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CLEANUP_DATABASES.map((name) => (
                    <SelectItem key={name} value={name}>
                      {CLEANUP_DATABASE_LABELS[name]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="cleanup-days">Inactive for</Label>
              <Select value={String(days)} onValueChange={(next) => setDays(Number(next) as Days)}>
                <SelectTrigger id="cleanup-days">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CLEANUP_DAYS.map((n) => (
                    <SelectItem key={n} value={String(n)}>
                      {n} days or more
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <Button type="submit" disabled={search.isPending} className="justify-self-start">
              {search.isPending ? <Spinner className="text-white" /> : <Search aria-hidden="true" />}
              Search
            </Button>
          </form>
          <p className="text-sm text-slate-600">{CLEANUP_DATABASE_HINTS[database]}</p>
        </CardContent>
      </Card>

      {result ? (
        <section aria-labelledby="cleanup-results-title" className="grid gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h2
              id="cleanup-results-title"
              className="text-lg font-semibold text-slate-900"
              aria-live="polite"
            >
              {CLEANUP_DATABASE_LABELS[result.database]} inactive for {result.days} days or more:{" "}
              {cleanupCountLabel(result.items.length, result.total)}
            </h2>
            {result.items.length > 0 ? (
              <Button variant="destructive" className="ml-auto" onClick={askToDelete}>
                <Trash2 aria-hidden="true" />
                Delete Selected ({selected.size})
              </Button>
            ) : null}
          </div>
          {result.items.length === 0 ? (
            <EmptyState
              icon={Search}
              title="Nothing to clean up"
              description={`No ${CLEANUP_DATABASE_LABELS[result.database].toLowerCase()} have been inactive that long.`}
            />
          ) : (
            <CleanupResults items={result.items} selected={selected} onSelectedChange={setSelected} />
          )}
        </section>
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Selected Items"
        description={`Delete ${selected.size} ${selected.size === 1 ? "item" : "items"} from ${
          result ? CLEANUP_DATABASE_LABELS[result.database].toLowerCase() : ""
        }? Anything that became active since the search is kept. This action cannot be undone.`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
