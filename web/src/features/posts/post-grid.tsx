import type { TaggedPost } from "#contract/api/posts.ts";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
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
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div className={GRID}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={index} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            <Skeleton className="aspect-4/3 rounded-none" />
            <div className="grid gap-2 p-3">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
              <Skeleton className="h-5 w-20 rounded-full" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
