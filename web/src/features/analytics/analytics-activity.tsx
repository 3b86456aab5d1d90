import { Users } from "lucide-react";
import { useId, useState } from "react";
import type { AnalyticsEvent } from "#contract/api/analytics.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListSkeleton } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { cn } from "#web/lib/cn.ts";
import { useNow } from "#web/lib/use-now.ts";
import { ActivityRow } from "./activity-row.tsx";
import { ALL_POSTS_LABEL, filterEventsByPost, postFilterOptions } from "./analytics-display.ts";
import { QuietWeeks } from "./quiet-weeks.tsx";
import { useDeleteAnalytics, useTaggAnalytics } from "./use-tagg-analytics.ts";
import { WhoViewedDialog } from "./who-viewed-dialog.tsx";

// Select values: "all", or "post:" and the post name (names may be anything, so they get a prefix).
const ALL_VALUE = "all";
const POST_VALUE = "post:";

export type AnalyticsActivityProps = {
  /** Tailwind max-height for the scrolling list. */
  listClassName?: string;
};

/**
 * The visitor activity list: filter by post, bulk Select / Select All / Clear / Delete (count), View All
 * Viewers on views. Used by the dashboard card and by the My Tagged Posts popup's Analytics view.
 */
export function AnalyticsActivity({ listClassName = "max-h-[32rem]" }: AnalyticsActivityProps) {
  const query = useTaggAnalytics();
  return (
    <div className="grid gap-3">
      <QueryState
        query={query}
        // The list is polled every 3 s: one failed poll keeps the events on screen.
        keepDataOnError
        loading={<ListSkeleton label="Loading visitor analytics..." />}
        error="Failed to load your visitor analytics"
        empty={
          <EmptyState
            icon={Users}
            title="No visitors yet"
            description="When someone searches for one of your posts or your tagg, or opens one of your posts, they appear here."
          />
        }
      >
        {(events) => <ActivityList events={events} listClassName={listClassName} />}
      </QueryState>
      <QuietWeeks />
    </div>
  );
}

type ActivityListProps = { events: AnalyticsEvent[]; listClassName: string };

function ActivityList({ events, listClassName }: ActivityListProps) {
  const filterId = useId();
  const [postFilter, setPostFilter] = useState<string | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [whoViewed, setWhoViewed] = useState<{ postId: string; postName: string | null } | null>(null);
  const remove = useDeleteAnalytics();
  const now = useNow(30_000);

  const options = postFilterOptions(events);
  const activeFilter = postFilter !== null && options.includes(postFilter) ? postFilter : null;
  const shown = filterEventsByPost(events, activeFilter);
  const selectedIds = [...selected].filter((id) => events.some((event) => event.id === id));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  const deleteSelected = () =>
    remove.mutate(selectedIds, {
      onSuccess: () => {
        setConfirmDelete(false);
        stopSelecting();
      },
      onError: () => setConfirmDelete(false),
    });

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
          <Label htmlFor={filterId}>Filter by post</Label>
          <Select
            value={activeFilter === null ? ALL_VALUE : `${POST_VALUE}${activeFilter}`}
            onValueChange={(value) =>
              setPostFilter(value === ALL_VALUE ? null : value.slice(POST_VALUE.length))
            }
          >
            <SelectTrigger id={filterId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_VALUE}>{ALL_POSTS_LABEL}</SelectItem>
              {options.map((name) => (
                <SelectItem key={name} value={`${POST_VALUE}${name}`}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <fieldset className="flex min-w-0 flex-wrap gap-2">
          <legend className="sr-only">Bulk actions</legend>
          {selecting ? (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setSelected(new Set(shown.map((event) => event.id)))}
              >
                Select All
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setSelected(new Set())}
                disabled={selectedIds.length === 0}
              >
                Clear
              </Button>
              <Button
                variant="destructive"
                size="sm"
                onClick={() => setConfirmDelete(true)}
                disabled={selectedIds.length === 0}
              >
                Delete ({selectedIds.length})
              </Button>
              <Button variant="ghost" size="sm" onClick={stopSelecting}>
                Done
              </Button>
            </>
          ) : (
            <Button variant="outline" size="sm" onClick={() => setSelecting(true)}>
              Select
            </Button>
          )}
        </fieldset>
      </div>
      <p className="sr-only" aria-live="polite">
        {selecting ? `${selectedIds.length} selected` : ""}
      </p>
      <ul
        aria-label="Visitor activity"
        className={cn(
          "divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200",
          listClassName,
        )}
      >
        {shown.map((event) => (
          <ActivityRow
            key={event.id}
            event={event}
            now={now}
            selecting={selecting}
            checked={selected.has(event.id)}
            onCheckedChange={(on) => toggle(event.id, on)}
            onViewAll={() => event.postId && setWhoViewed({ postId: event.postId, postName: event.postName })}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${selectedIds.length} analytics ${selectedIds.length === 1 ? "entry" : "entries"}?`}
        description={<p>They are removed from your visitor analytics for good. This cannot be undone.</p>}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={deleteSelected}
      />
      <WhoViewedDialog
        postId={whoViewed?.postId ?? null}
        postName={whoViewed?.postName}
        onClose={() => setWhoViewed(null)}
      />
    </div>
  );
}
