import { ChevronRight, ShieldAlert, TriangleAlert, UserRound } from "lucide-react";
import { useId, useState } from "react";
import type { Viewer } from "#contract/api/analytics.ts";
import { DraggableDialog } from "#web/components/draggable-dialog.tsx";
import { LoadingLine } from "#web/components/loading-placeholders.tsx";
import { QueryState } from "#web/components/query-state.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { SearchInput } from "#web/components/ui/search-input.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { BlockMemberButton } from "#web/features/safety/index.ts";
import { errorCodeOf } from "#web/lib/api-request.ts";
import { postDisplayName } from "#web/lib/post-display.ts";
import { absoluteTimeLabel, relativeTimeLabel } from "#web/lib/relative-time.ts";
import { useNow } from "#web/lib/use-now.ts";
import { TIME_WINDOW_HINT, windowStartLabel } from "./analytics-display.ts";
import { usePostViewers } from "./use-post-viewers.ts";
import { filterViewers, isVisibleViewer } from "./viewer-filter.ts";
import { ViewerProfilePanel } from "./viewer-profile-panel.tsx";

export type WhoViewedDialogProps = {
  /** The post whose viewers to show; the dialog is open while this is set. */
  postId: string | null;
  /** Shown while the list loads. */
  postName?: string | null;
  onClose: () => void;
};

/** The draggable who-viewed dialog: unique viewers of one of my posts, a name/tagg filter, viewer profiles. */
export function WhoViewedDialog({ postId, postName, onClose }: WhoViewedDialogProps) {
  const query = usePostViewers(postId);
  const [viewerId, setViewerId] = useState<string | null>(null);
  const name = query.data?.postName ?? postName ?? "";
  const close = () => {
    setViewerId(null);
    onClose();
  };

  return (
    <DraggableDialog
      open={postId !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={name ? `Who viewed ${postDisplayName(name)}` : "Who viewed your post"}
      description={
        query.data
          ? `${query.data.totalUnique} unique ${query.data.totalUnique === 1 ? "viewer" : "viewers"}`
          : "Everyone who opened this post"
      }
      className="max-w-lg"
    >
      <div className="grid grid-cols-1 gap-4 p-4 sm:p-5">
        <QueryState
          query={query}
          loading={<LoadingLine className="justify-center py-8 text-sm">Loading viewers...</LoadingLine>}
          error={(error) => <ViewersError error={error} />}
        >
          {(data) =>
            viewerId ? (
              <ViewerProfilePanel viewerId={viewerId} onBack={() => setViewerId(null)} />
            ) : (
              <ViewerList viewers={data.viewers} onOpen={setViewerId} />
            )
          }
        </QueryState>
      </div>
    </DraggableDialog>
  );
}

function ViewersError({ error }: { error: unknown }) {
  if (errorCodeOf(error) === "forbidden") {
    return (
      <Alert variant="destructive" role="alert">
        <ShieldAlert aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">Access denied</p>
          <p>You can only view profiles for your own posts</p>
        </div>
      </Alert>
    );
  }
  return (
    <Alert variant="destructive" role="alert">
      <TriangleAlert aria-hidden="true" />
      <p>Error loading viewers: Failed to load post viewers</p>
    </Alert>
  );
}

function ViewerList({ viewers, onOpen }: { viewers: Viewer[]; onOpen: (viewerId: string) => void }) {
  const filterId = useId();
  const [filter, setFilter] = useState("");
  const now = useNow(30_000);
  const shown = filterViewers(viewers, filter);

  if (viewers.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
        No one has viewed this post yet.
      </p>
    );
  }

  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={filterId}>Filter by name or tagg</Label>
        <SearchInput
          id={filterId}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder="Name or @tagg"
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {filter.trim() ? `${shown.length} of ${viewers.length} viewers shown` : ""}
      </p>
      {shown.length === 0 ? (
        <p className="px-2 py-6 text-center text-sm text-slate-600">No viewers match “{filter.trim()}”.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-1" aria-label="Viewers">
          {shown.map((viewer, index) => (
            <li key={viewer.id ?? `anonymous-${index}`}>
              <ViewerRow viewer={viewer} now={now} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * A named viewer's last view is exact ("5 minutes ago"). An anonymous viewer's is the start of the time
 * window it fell in (the exact moment is never kept), so only that start is shown: "Today, from 14:00".
 */
function LastViewed({ viewer, now }: { viewer: Viewer; now: Date }) {
  if (isVisibleViewer(viewer)) {
    return (
      <time dateTime={viewer.lastViewed} title={absoluteTimeLabel(viewer.lastViewed)}>
        {relativeTimeLabel(viewer.lastViewed, now).toLowerCase()}
      </time>
    );
  }
  return (
    <time dateTime={viewer.lastViewed} title={TIME_WINDOW_HINT}>
      {windowStartLabel(viewer.lastViewed, now)}
    </time>
  );
}

function ViewerRow({ viewer, now, onOpen }: { viewer: Viewer; now: Date; onOpen: (id: string) => void }) {
  const views = `${viewer.viewCount} ${viewer.viewCount === 1 ? "view" : "views"}`;
  const details = (
    <>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-slate-900">
          {[viewer.firstName, viewer.lastName].filter(Boolean).join(" ")}
        </span>
        <span className="block truncate text-xs text-slate-600">
          {viewer.tagg ? `@${viewer.tagg} · ` : ""}
          {views} · last{isVisibleViewer(viewer) ? " " : ": "}
          <LastViewed viewer={viewer} now={now} />
        </span>
      </span>
    </>
  );

  if (!isVisibleViewer(viewer)) {
    return (
      <div className="flex items-center gap-3 rounded-xl px-2 py-2 text-sm">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <UserRound className="size-5" aria-hidden="true" />
        </span>
        {details}
      </div>
    );
  }

  const name = [viewer.firstName, viewer.lastName].filter(Boolean).join(" ");
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        onClick={() => onOpen(viewer.id)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl px-2 py-2 text-left text-sm hover:bg-slate-50"
        aria-label={`View profile of ${name}`}
      >
        <UserAvatar
          firstName={viewer.firstName}
          lastName={viewer.lastName ?? ""}
          pictureUrl={viewer.profilePictureUrl}
          className="size-10"
          fallbackClassName="text-sm"
        />
        {details}
        <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      </button>
      <BlockMemberButton member={{ id: viewer.id, name }} />
    </div>
  );
}
