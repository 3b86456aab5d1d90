import { useState } from "react";
import type { Profile } from "#contract/api/profile.ts";
import { getFullName } from "#web/lib/person.ts";
import { PostDetailDialog } from "./post-detail-dialog.tsx";
import { PostGrid } from "./post-grid.tsx";
import { TaggedPostsState } from "./tagged-posts-state.tsx";
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
      <TaggedPostsState query={query} emptyClassName="bg-white">
        {(posts) => <PostGrid posts={posts} onOpen={(post) => setOpenPostId(post.id)} />}
      </TaggedPostsState>
      <PostDetailDialog
        post={openPost}
        onClose={() => setOpenPostId(null)}
        creatorName={getFullName(profile)}
      />
    </section>
  );
}
