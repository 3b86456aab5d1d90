import { Eye } from "lucide-react";
import { useState } from "react";
import type { HighestViewedPost } from "#contract/api/analytics.ts";
import { HIDE_MODE_MIN_UNIQUE_VIEWS, PAUSE_HOURS } from "#contract/limits.ts";
import { ListSkeleton } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { formatViewCount, postDisplayName } from "#web/lib/post-display.ts";
import { ANONYMOUS_NOT_RECORDED, ANONYMOUS_SHOWN_LATER } from "./anonymity-copy.ts";
import { useHighestViewedPost } from "./use-highest-viewed-post.ts";

/** The fixed code label of this popup. */
export const HIDE_SEARCHES_CODE = 130;

export type HideSearchesPopupProps = {
  open: boolean;
  content: string;
  /** Closed by Continue, the close button, Escape or a click outside: closing applies Hide. */
  onClosed: () => void;
  /** Closed by Cancel: nothing changes. */
  onCancel: () => void;
};

/** "How to Hide My Searches": the content, code 130 and the highest-viewed post. */
export function HideSearchesPopup({ open, content, onClosed, onCancel }: HideSearchesPopupProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClosed())}>
      <DialogContent className="max-h-[85vh] max-w-md">
        <div className="grid gap-1">
          <div className="flex items-center gap-2 pr-8">
            <DialogTitle className="pr-0">How to Hide My Searches</DialogTitle>
            <Badge variant="neutral" aria-label={`Code ${HIDE_SEARCHES_CODE}`}>
              {HIDE_SEARCHES_CODE}
            </Badge>
          </div>
          <DialogDescription className="whitespace-pre-wrap">{content}</DialogDescription>
        </div>
        {open ? <HighestViewedBlock /> : null}
        <p className="text-sm text-slate-700">
          While hidden you appear as Anonymous User. {ANONYMOUS_NOT_RECORDED} {ANONYMOUS_SHOWN_LATER}
        </p>
        <p className="text-xs text-slate-600">
          Hide needs {HIDE_MODE_MIN_UNIQUE_VIEWS} unique views on your most viewed post; with fewer, your
          searches are paused for {PAUSE_HOURS} hours instead.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onClosed}>Continue</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function HighestViewedBlock() {
  const query = useHighestViewedPost(true);
  const none = (
    <p className="rounded-xl border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-600">
      No posts with views found
    </p>
  );
  return (
    <QueryState
      query={query}
      loading={
        <ListSkeleton
          label="Loading your most viewed post..."
          rows={1}
          mediaClassName="size-16 rounded-lg"
          className="rounded-xl border border-slate-200 p-3"
        />
      }
      error={() => none}
      empty={none}
    >
      {(post) => <HighestViewedPostSummary post={post} />}
    </QueryState>
  );
}

function HighestViewedPostSummary({ post }: { post: NonNullable<HighestViewedPost> }) {
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <section aria-label="Your most viewed post" className="rounded-xl border border-slate-200 p-3">
      <div className="flex items-center gap-3">
        {imageFailed ? null : (
          <img
            src={post.originalImage}
            alt=""
            onError={() => setImageFailed(true)}
            className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover"
          />
        )}
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900" title={post.postName}>
            {postDisplayName(post.postName)}
          </p>
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <Eye className="size-4" aria-hidden="true" />
            {formatViewCount(post.uniqueViewCount)}
          </p>
        </div>
      </div>
    </section>
  );
}
