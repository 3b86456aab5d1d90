import { ShieldCheck } from "lucide-react";
import type { PublicPost } from "#contract/api/search.ts";
import { PostThumbnailImage } from "#web/components/post-thumbnail-image.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { cardImageSource, formatPostDate, postDisplayName } from "#web/lib/post-display.ts";
import { ownerLabel } from "./search-display.ts";

export type SearchResultCardProps = { post: PublicPost; onOpen: (post: PublicPost) => void };

/** A search result: image, display name, owner (or Personal Info Hidden), date. Opens the detail dialog. */
export function SearchResultCard({ post, onOpen }: SearchResultCardProps) {
  const name = postDisplayName(post.postName);
  const owner = ownerLabel(post);
  const source = cardImageSource(post);

  return (
    <article
      aria-label={name}
      data-post-id={post.id}
      className="relative flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs transition-shadow hover:shadow-md"
    >
      <button
        type="button"
        onClick={() => onOpen(post)}
        aria-label={`Open ${name}`}
        className="group relative block aspect-4/3 w-full overflow-hidden bg-slate-100 focus-visible:outline-offset-[-2px]"
      >
        <PostThumbnailImage source={source} scrambled={post.scrambleImage} />
      </button>
      {/* Outside the labelled button, so its name "Open …" holds all of its visible text (WCAG 2.5.3). */}
      {post.isOwn ? (
        <span className="pointer-events-none absolute top-2 left-2">
          <Badge className="bg-brand-600 text-white">Your post</Badge>
        </span>
      ) : null}
      <div className="flex min-w-0 flex-col gap-2 p-3">
        <h3 className="truncate font-semibold text-slate-900" title={post.postName}>
          {name}
        </h3>
        <div className="flex min-w-0 items-center gap-2 text-sm">
          {owner.hidden ? (
            <>
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
                <ShieldCheck className="size-4" aria-hidden="true" />
              </span>
              <span className="text-slate-600">Personal Info Hidden</span>
            </>
          ) : (
            <>
              <UserAvatar
                firstName={post.firstName ?? ""}
                lastName={post.lastName ?? ""}
                pictureUrl={post.profilePictureUrl}
                className="size-8"
                fallbackClassName="text-xs"
              />
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-800">{owner.name}</span>
                {owner.tagg ? (
                  <span className="block truncate text-xs text-brand-700">{owner.tagg}</span>
                ) : null}
              </span>
            </>
          )}
        </div>
        <p className="text-xs text-slate-500">{formatPostDate(post.createdAt)}</p>
      </div>
    </article>
  );
}
