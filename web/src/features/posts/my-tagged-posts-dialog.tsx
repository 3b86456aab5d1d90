import { BarChart3, LayoutGrid } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import type { TaggedPost } from "#contract/api/posts.ts";
import { HelpButton } from "#web/components/help-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { SearchInput } from "#web/components/ui/search-input.tsx";
import { filterPostsByName } from "#web/lib/post-display.ts";
import { useRestoreFocus } from "#web/lib/use-restore-focus.ts";
import { PostGrid } from "./post-grid.tsx";

export type MyTaggedPostsView = "posts" | "analytics";

export type MyTaggedPostsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  posts: TaggedPost[];
  onOpenPost: (post: TaggedPost) => void;
  /** Which view shows: the posts grid or the visitor analytics (the Analytics / Show Posts toggle). */
  view: MyTaggedPostsView;
  onViewChange: (view: MyTaggedPostsView) => void;
  /** The Analytics view's content. */
  analytics: ReactNode;
};

/**
 * The My Tagged Posts popup: every post, newest first, filtered by post name — or, with the Analytics / Show
 * Posts toggle, the visitor analytics.
 */
export function MyTaggedPostsDialog({
  open,
  onOpenChange,
  posts,
  onOpenPost,
  view,
  onViewChange,
  analytics,
}: MyTaggedPostsDialogProps) {
  const filterId = useId();
  const [filter, setFilter] = useState("");
  const shown = filterPostsByName(posts, filter);
  const restoreFocus = useRestoreFocus();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setFilter("");
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[90dvh] max-w-5xl gap-4 p-4 sm:p-6" {...restoreFocus}>
        <div className="grid gap-1">
          <div className="flex items-center gap-1">
            <DialogTitle>My Tagged Posts</DialogTitle>
            <HelpButton sectionName="recent-posts" topic="Recent posts" />
          </div>
          <DialogDescription>
            {view === "analytics"
              ? "Who searched for and viewed your posts, newest first."
              : `All ${posts.length} of your posts, newest first. Open one to see it in full.`}
          </DialogDescription>
        </div>
        <div>
          {view === "analytics" ? (
            <Button variant="outline" size="sm" onClick={() => onViewChange("posts")}>
              <LayoutGrid aria-hidden="true" />
              Show Posts
            </Button>
          ) : (
            <Button variant="outline" size="sm" onClick={() => onViewChange("analytics")}>
              <BarChart3 aria-hidden="true" />
              Analytics
            </Button>
          )}
        </div>
        {view === "analytics" ? (
          analytics
        ) : (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor={filterId}>Filter by post name</Label>
              <SearchInput
                id={filterId}
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                placeholder="Type part of a post name"
              />
            </div>
            <p className="sr-only" aria-live="polite">
              {filter.trim() ? `${shown.length} of ${posts.length} posts shown` : ""}
            </p>
            {posts.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
                You have no tagged posts yet.
              </p>
            ) : shown.length > 0 ? (
              <PostGrid posts={shown} onOpen={onOpenPost} />
            ) : (
              <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
                No posts match “{filter.trim()}”.
              </p>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
