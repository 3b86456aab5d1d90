import type { TaggedPost } from "#contract/api/posts.ts";
import type { TaggedPostRow } from "#server/db/schema/index.ts";

export function toTaggedPost(post: TaggedPostRow, uniqueViewCount: number): TaggedPost {
  return {
    id: post.id,
    postName: post.postName,
    originalImage: post.originalImage,
    scrambledImage: post.scrambledImage,
    thumbnailImage: post.thumbnailImage,
    scrambleImage: post.scrambleImage,
    hidePersonalInfo: post.hidePersonalInfo,
    isVisible: post.isVisible,
    comment: post.comment,
    createdAt: post.createdAt.toISOString(),
    uniqueViewCount,
  };
}
