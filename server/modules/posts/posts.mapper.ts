import type { TaggedPost } from "#contract/api/posts.ts";
import type { TaggedPostRow } from "#server/db/schema/index.ts";

/** Whether others may see a post: its owner shows it and moderation does not hold it for review. */
export const isShownToOthers = (post: Pick<TaggedPostRow, "isVisible" | "heldForReview">) =>
  post.isVisible && !post.heldForReview;

export function toTaggedPost(post: TaggedPostRow, uniqueViewCount: number): TaggedPost {
  return {
    id: post.id,
    postName: post.postName,
    originalImage: post.originalImage,
    scrambledImage: post.scrambledImage,
    thumbnailImage: post.thumbnailImage,
    scrambleImage: post.scrambleImage,
    hidePersonalInfo: post.hidePersonalInfo,
    isVisible: isShownToOthers(post),
    comment: post.comment,
    createdAt: post.createdAt.toISOString(),
    uniqueViewCount,
  };
}
