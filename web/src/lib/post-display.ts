import type { TaggedPost } from "#contract/api/posts.ts";
import { absoluteTimeLabel } from "./relative-time.ts";

/**
 * The name shown on a post: the text inside the first pair of parentheses when there is some, otherwise the
 * whole name. "Summer trip (Ada)" → "Ada". Pure: unit-tested.
 */
export function postDisplayName(postName: string): string {
  const open = postName.indexOf("(");
  if (open !== -1) {
    const close = postName.indexOf(")", open + 1);
    const inner = close === -1 ? "" : postName.slice(open + 1, close).trim();
    if (inner) return inner;
  }
  return postName.trim();
}

type PostImages = Pick<TaggedPost, "originalImage" | "scrambledImage" | "thumbnailImage" | "scrambleImage">;

/** A distinct scrambled file exists (only then is it shown instead of the original). */
export function hasDistinctScrambledFile(post: PostImages): boolean {
  return Boolean(post.scrambledImage) && post.scrambledImage !== post.originalImage;
}

/** The grid image: the scrambled file when scrambling is on, otherwise the small thumbnail (or original). */
export function cardImageSource(post: PostImages): string | null {
  if (post.scrambleImage && hasDistinctScrambledFile(post)) return post.scrambledImage;
  return post.thumbnailImage || post.originalImage || null;
}

/**
 * The detail dialog's image sources in the order to try them: the scrambled file first when scrambling is
 * on and a distinct one exists, then the original as the fallback. Empty when the post has no image.
 */
export function detailImageSources(post: PostImages): string[] {
  const sources: string[] = [];
  if (post.scrambleImage && hasDistinctScrambledFile(post)) sources.push(post.scrambledImage);
  if (post.originalImage) sources.push(post.originalImage);
  return sources;
}

/** Private when the owner hides their personal info on the post, otherwise Public. */
export function privacyLabel(hidePersonalInfo: boolean): "Private" | "Public" {
  return hidePersonalInfo ? "Private" : "Public";
}

export function formatViewCount(count: number): string {
  return `${count} unique ${count === 1 ? "view" : "views"}`;
}

/** A post's date and time, written as every full date and time in the app is. */
export function formatPostDate(iso: string): string {
  return absoluteTimeLabel(iso);
}

/** Posts whose name contains the filter, ignoring case and surrounding spaces; all posts for a blank one. */
export function filterPostsByName<T extends { postName: string }>(posts: readonly T[], filter: string): T[] {
  const needle = filter.trim().toLocaleLowerCase();
  if (!needle) return [...posts];
  return posts.filter((post) => post.postName.toLocaleLowerCase().includes(needle));
}

/** A safe file name for a downloaded post image: "tagit-summer-trip-ada.jpg". */
export function downloadFileName(postName: string): string {
  const slug = postName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return `tagit-${slug || "post"}.jpg`;
}
