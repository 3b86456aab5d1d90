import { ImageOff, LockKeyhole } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { AdminTaggedPost } from "#contract/api/admin-moderation.ts";
import { openAdminImage } from "../admin-request.ts";

const tile =
  "flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-100";

/**
 * The post's two images as thumbnails that open in a new tab. The scrambled copy is public; the
 * original of a scrambled or hidden post is served only with the admin session, so it opens through
 * `openAdminImage` instead of a plain link (and shows a lock rather than being downloaded for every row).
 */
export function PostImageCells({ post }: { post: AdminTaggedPost }) {
  const [originalRefused, setOriginalRefused] = useState(false);
  const originalIsPublic = !post.scrambleImage && post.isVisible && !originalRefused;
  const openOriginal = () =>
    void openAdminImage(post.originalImage).catch(() =>
      toast.error("Error", { description: "The original image could not be opened." }),
    );
  return (
    <div className="flex gap-1.5">
      {originalIsPublic ? (
        <a
          href={post.originalImage}
          target="_blank"
          rel="noopener noreferrer"
          className={tile}
          aria-label={`Open the original of ${post.postName} in a new tab`}
        >
          <img
            src={post.originalImage}
            alt=""
            loading="lazy"
            className="size-full object-cover"
            onError={() => setOriginalRefused(true)}
          />
        </a>
      ) : (
        <button
          type="button"
          onClick={openOriginal}
          className={`${tile} text-slate-600 hover:bg-slate-200`}
          aria-label={`Open the original of ${post.postName} in a new tab`}
          title="Original (administrators only)"
        >
          <LockKeyhole className="size-4" aria-hidden="true" />
        </button>
      )}
      <ScrambledThumb post={post} />
    </div>
  );
}

function ScrambledThumb({ post }: { post: AdminTaggedPost }) {
  const [broken, setBroken] = useState(false);
  return (
    <a
      href={post.scrambledImage}
      target="_blank"
      rel="noopener noreferrer"
      className={tile}
      aria-label={`Open the scrambled copy of ${post.postName} in a new tab`}
    >
      {broken ? (
        <ImageOff className="size-4 text-slate-500" aria-hidden="true" />
      ) : (
        <img
          src={post.scrambledImage}
          alt=""
          loading="lazy"
          className="size-full object-cover"
          onError={() => setBroken(true)}
        />
      )}
    </a>
  );
}
