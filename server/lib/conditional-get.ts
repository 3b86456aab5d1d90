import type { FileVersion } from "./storage.ts";

/** The validators of a copy a client already holds, as its conditional GET sends them. */
export type HeldCopy = { ifNoneMatch?: string; ifModifiedSince?: string };

export const asksToRevalidate = (held: HeldCopy) =>
  held.ifNoneMatch !== undefined || held.ifModifiedSince !== undefined;

/** An entity tag compared weakly, as If-None-Match is: `W/"x"` and `"x"` are the same tag. */
const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, "");

/**
 * Whether the held copy is this version, so the answer is a 304 without the bytes. If-None-Match decides
 * when sent (`*` matches any file; a list matches when one tag does); only without it, If-Modified-Since
 * does, to the second, as HTTP dates go. An unreadable date matches nothing.
 */
export function holdsCurrentCopy(held: HeldCopy, version: FileVersion): boolean {
  if (held.ifNoneMatch !== undefined) {
    const current = opaqueTag(version.etag);
    return held.ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaqueTag(tag) === current);
  }
  if (held.ifModifiedSince === undefined) return false;
  const since = Date.parse(held.ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(version.lastModified.getTime() / 1000) * 1000 <= since;
}
