import { Plus } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import type { TaggedPost } from "#contract/api/posts.ts";
import type { Profile } from "#contract/api/profile.ts";
import { TIMING } from "#contract/limits.ts";
import { HelpButton } from "#web/components/help-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "#web/components/ui/card.tsx";
import { useDashboardDialogAsked } from "#web/lib/dashboard-dialogs.ts";
import { getFullName } from "#web/lib/person.ts";
import { STORAGE_KEYS, safeStorage } from "#web/lib/storage-keys.ts";
import { BulkPostActions } from "./bulk-post-actions.tsx";
import { MyTaggedPostsDialog, type MyTaggedPostsView } from "./my-tagged-posts-dialog.tsx";
import { PostDetailDialog } from "./post-detail-dialog.tsx";
import { PostGrid } from "./post-grid.tsx";
import { TaggedPostsState } from "./tagged-posts-state.tsx";
import { useTaggedPosts } from "./use-tagged-posts.ts";

/** How many posts the dashboard card shows; the rest are in the popup. */
export const DASHBOARD_SUMMARY_COUNT = 4;

/**
 * After a post is created the newest post is highlighted for 3 s, once: the create page sets a session
 * flag, which is cleared as soon as the fresh list is shown.
 */
function useFlashHighlight(posts: TaggedPost[] | undefined, isFetching: boolean): string | null {
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const newestId = posts?.[0]?.id;

  useEffect(() => {
    if (!newestId || isFetching) return;
    if (!safeStorage.get("session", STORAGE_KEYS.flashTaggedPosts)) return;
    safeStorage.remove("session", STORAGE_KEYS.flashTaggedPosts);
    setHighlightedId(newestId);
  }, [newestId, isFetching]);

  useEffect(() => {
    if (!highlightedId) return;
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    document
      .querySelector(`[data-post-id="${CSS.escape(highlightedId)}"]`)
      ?.scrollIntoView({ block: "center", behavior: reduce ? "auto" : "smooth" });
    const timer = window.setTimeout(() => setHighlightedId(null), TIMING.flashHighlightMs);
    return () => window.clearTimeout(timer);
  }, [highlightedId]);

  return highlightedId;
}

export type MyTaggedPostsCardProps = {
  profile: Profile;
  /** The popup's Analytics view: the dashboard passes the analytics feature's activity list. */
  analytics: ReactNode;
};

/** Dashboard card: the newest posts, All (count) popup, Create Another, bulk tools, empty and error states. */
export function MyTaggedPostsCard({ profile, analytics }: MyTaggedPostsCardProps) {
  const query = useTaggedPosts();
  const posts = query.data;
  const highlightedId = useFlashHighlight(posts, query.isFetching);
  const [showAll, setShowAll] = useState(false);
  const [popupView, setPopupView] = useState<MyTaggedPostsView>("posts");
  const [openPostId, setOpenPostId] = useState<string | null>(null);
  const openPost = posts?.find((post) => post.id === openPostId) ?? null;
  const count = posts?.length ?? 0;

  // The notification bell's View opens this popup on its Analytics view.
  useDashboardDialogAsked("analytics", () => {
    setPopupView("analytics");
    setShowAll(true);
  });

  return (
    <Card role="region" aria-labelledby="my-tagged-posts-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 pb-0 sm:p-6 sm:pb-0">
        <div className="grid gap-1">
          <div className="flex items-center gap-1">
            <CardTitle id="my-tagged-posts-title">My Tagged Posts</CardTitle>
            <HelpButton sectionName="my-posts" topic="My tagged posts" />
          </div>
          <CardDescription>Your posts, newest first. Open one to see, share or download it.</CardDescription>
        </div>
        {count > 0 ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setPopupView("posts");
                setShowAll(true);
              }}
            >
              All ({count})
            </Button>
            <Button asChild size="sm">
              <Link to="/create-post">
                <Plus aria-hidden="true" />
                Create Another
              </Link>
            </Button>
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="p-4 sm:p-6">
        <TaggedPostsState query={query}>
          {(all) => (
            <PostGrid
              posts={all.slice(0, DASHBOARD_SUMMARY_COUNT)}
              highlightedId={highlightedId}
              onOpen={(post) => setOpenPostId(post.id)}
            />
          )}
        </TaggedPostsState>
      </CardContent>
      {count > 0 ? (
        <CardFooter className="px-4 sm:px-6">
          <BulkPostActions subscriptionStatus={profile.subscriptionStatus} postCount={count} />
        </CardFooter>
      ) : null}
      <MyTaggedPostsDialog
        open={showAll}
        onOpenChange={setShowAll}
        posts={posts ?? []}
        onOpenPost={(post) => setOpenPostId(post.id)}
        view={popupView}
        onViewChange={setPopupView}
        analytics={analytics}
      />
      <PostDetailDialog
        post={openPost}
        onClose={() => setOpenPostId(null)}
        creatorName={getFullName(profile)}
      />
    </Card>
  );
}
