import { ImagePlus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { TaggedPost } from "#contract/api/posts.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryState, type QueryStateProps } from "#web/components/query-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { PostGridSkeleton } from "./post-grid.tsx";

export type NoTaggedPostsYetProps = { className?: string };

/** The member has no posts yet: what a post is, and the way to the create page. */
export function NoTaggedPostsYet({ className }: NoTaggedPostsYetProps) {
  return (
    <EmptyState
      icon={ImagePlus}
      title="No Tagged Posts Yet"
      description="Give a photo a unique name so people can find it by searching for that name."
      action={
        <Button asChild>
          <Link to="/create-post">Create Your First Post</Link>
        </Button>
      }
      className={className}
    />
  );
}

export type TaggedPostsStateProps = {
  query: QueryStateProps<TaggedPost[]>["query"];
  /** Classes of the empty state (it sits on a white card on the dashboard, on the page on /search). */
  emptyClassName?: string;
  children: (posts: TaggedPost[]) => ReactNode;
};

/** The member's own posts (useTaggedPosts) as a grid: its skeleton, load error and empty state. */
export function TaggedPostsState({ query, emptyClassName, children }: TaggedPostsStateProps) {
  return (
    <QueryState
      query={query}
      loading={<PostGridSkeleton label="Loading your tagged posts..." />}
      error="Failed to fetch tagged posts"
      empty={<NoTaggedPostsYet className={emptyClassName} />}
    >
      {children}
    </QueryState>
  );
}
