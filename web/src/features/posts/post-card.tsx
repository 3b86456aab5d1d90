import { Eye, EyeOff, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import type { TaggedPost } from "#contract/api/posts.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { PostThumbnailImage } from "#web/components/post-thumbnail-image.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { cn } from "#web/lib/cn.ts";
import { cardImageSource, formatViewCount, postDisplayName, privacyLabel } from "#web/lib/post-display.ts";
import { useDeletePost, useSetScramble } from "./use-post-mutations.ts";

export type PostCardProps = {
  post: TaggedPost;
  /** Flash highlight of a just-created post. */
  highlighted?: boolean;
  onOpen: (post: TaggedPost) => void;
};

/** One of the member's posts: image, display name, Private/Public, views, scramble switch, delete. */
export function PostCard({ post, highlighted = false, onOpen }: PostCardProps) {
  const switchId = useId();
  const name = postDisplayName(post.postName);
  const source = cardImageSource(post);
  // Remembering which file failed lets a different file (scramble toggled) load again.
  const [confirmDelete, setConfirmDelete] = useState(false);
  const setScramble = useSetScramble();
  const deletePost = useDeletePost();

  const toggleScramble = (scrambleImage: boolean) => setScramble.mutate({ id: post.id, scrambleImage });
  // On success the post leaves the list and this card with it; on failure the dialog closes.
  const remove = () => deletePost.mutate(post.id, { onError: () => setConfirmDelete(false) });

  return (
    <article
      data-post-id={post.id}
      data-highlighted={highlighted ? "true" : undefined}
      aria-label={name}
      className={cn(
        "relative flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs transition-shadow hover:shadow-md",
        highlighted && "border-brand-400 shadow-[0_0_0_4px_var(--brand-400)] motion-safe:animate-flash-ring",
      )}
    >
      <button
        type="button"
        onClick={() => onOpen(post)}
        aria-label={`Open ${name}`}
        className="group relative block aspect-4/3 w-full overflow-hidden bg-slate-100 focus-visible:outline-offset-[-2px]"
      >
        <PostThumbnailImage source={source} scrambled={post.scrambleImage} />
      </button>
      {/* Over the image but outside the labelled button: text inside it would be missing from its name
          "Open …" (WCAG 2.5.3, axe label-content-name-mismatch). Clicks pass through to the button. */}
      <span className="pointer-events-none absolute top-2 right-11 left-2 flex flex-wrap gap-1">
        {highlighted ? <Badge className="bg-brand-600 text-white">New</Badge> : null}
        <Badge variant="neutral">{privacyLabel(post.hidePersonalInfo)}</Badge>
        {post.isVisible ? null : (
          <Badge variant="neutral">
            <EyeOff aria-hidden="true" />
            Hidden
          </Badge>
        )}
      </span>
      <button
        type="button"
        onClick={() => setConfirmDelete(true)}
        aria-label={`Delete ${name}`}
        className="absolute top-2 right-2 flex size-8 items-center justify-center rounded-full bg-white/90 text-slate-600 shadow-sm hover:bg-red-50 hover:text-red-700"
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3">
        <h3 className="truncate text-sm font-semibold text-slate-900 sm:text-base" title={post.postName}>
          {name}
        </h3>
        <p className="flex items-center gap-1 text-xs text-slate-600">
          <Eye className="size-3.5 shrink-0" aria-hidden="true" />
          {formatViewCount(post.uniqueViewCount)}
        </p>
        <div className="mt-auto flex items-center gap-2 pt-1">
          <Switch
            id={switchId}
            checked={post.scrambleImage}
            onCheckedChange={toggleScramble}
            disabled={setScramble.isPending}
          />
          <Label htmlFor={switchId} className="cursor-pointer text-xs sm:text-sm">
            Scramble<span className="sr-only"> {name}</span>
          </Label>
        </div>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this post?"
        description={
          <p>“{post.postName}” and its image will be permanently deleted. This cannot be undone.</p>
        }
        confirmLabel="Delete"
        destructive
        pending={deletePost.isPending}
        onConfirm={remove}
      />
    </article>
  );
}
