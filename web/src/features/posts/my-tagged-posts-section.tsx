import { ImagePlus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Profile } from "#contract/api/profile.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadError } from "#web/components/load-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { getFullName } from "#web/lib/person.ts";
import { PostDetailDialog } from "./post-detail-dialog.tsx";
import { PostGrid, PostGridSkeleton } from "./post-grid.tsx";
import { useTaggedPosts } from "./use-tagged-posts.ts";

export type MyTaggedPostsSectionProps = { profile: Profile };

/** The search page's "My Tagged Posts" grid, shown to members while the search box is empty. */
export function MyTaggedPostsSection({ profile }: MyTaggedPostsSectionProps) {
  const query = useTaggedPosts();
  const [openPostId, setOpenPostId] = useState<string | null>(null);
  const openPost = query.data?.find((post) => post.id === openPostId) ?? null;

  return (
    <section aria-labelledby="search-my-posts-title" className="grid gap-3">
      <h2 id="search-my-posts-title" className="text-lg font-semibold text-slate-900">
        My Tagged Posts
      </h2>
      {query.isPending ? (
        <PostGridSkeleton label="Loading your tagged posts..." />
      ) : query.isError ? (
        <LoadError message="Failed to fetch tagged posts" query={query} />
      ) : query.data.length === 0 ? (
        <EmptyState
          icon={ImagePlus}
          title="No Tagged Posts Yet"
          description="Give a photo a unique name so people can find it by searching for that name."
          action={
            <Button asChild>
              <Link to="/create-post">Create Your First Post</Link>
            </Button>
          }
          className="bg-white"
        />
      ) : (
        <PostGrid posts={query.data} onOpen={(post) => setOpenPostId(post.id)} />
      )}
      <PostDetailDialog
        post={openPost}
        onClose={() => setOpenPostId(null)}
        creatorName={getFullName(profile)}
      />
    </section>
  );
}
