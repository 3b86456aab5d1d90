import type { TaggedPost } from "#contract/api/posts.ts";
import { CardGridSkeleton } from "#web/components/loading-placeholders.tsx";
import { PostCard } from "./post-card.tsx";

const GRID = "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4";

export type PostGridProps = {
  posts: TaggedPost[];
  highlightedId?: string | null;
  onOpen: (post: TaggedPost) => void;
};

/** Post cards, newest first, two columns on phones and up to four on wide screens. */
export function PostGrid({ posts, highlightedId = null, onOpen }: PostGridProps) {
  return (
    <ul className={GRID}>
      {posts.map((post) => (
        <li key={post.id} className="flex min-w-0">
          <PostCard post={post} highlighted={post.id === highlightedId} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

/** Loading placeholder with the grid's shape. */
export function PostGridSkeleton({ count = 4, label }: { count?: number; label: string }) {
  return <CardGridSkeleton label={label} count={count} gridClassName={GRID} withBadge />;
}
