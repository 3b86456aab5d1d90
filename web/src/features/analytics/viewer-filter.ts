import type { Viewer } from "#contract/api/analytics.ts";

/**
 * The who-viewed dialog's filter: matches the viewer's full name or tagg (with or without the @), ignoring
 * case and surrounding spaces; a blank filter keeps everyone. There are no e-mails to match on: a member's
 * address is never shown to another member.
 */
export function filterViewers<T extends Pick<Viewer, "firstName" | "lastName" | "tagg">>(
  viewers: readonly T[],
  filter: string,
): T[] {
  const needle = filter.trim().toLocaleLowerCase();
  if (!needle) return [...viewers];
  const taggNeedle = needle.replace(/^@/, "");
  return viewers.filter((viewer) => {
    const name = [viewer.firstName, viewer.lastName].filter(Boolean).join(" ").toLocaleLowerCase();
    const tagg = viewer.tagg?.toLocaleLowerCase() ?? "";
    return name.includes(needle) || (taggNeedle !== "" && tagg.includes(taggNeedle));
  });
}

/** Anonymous viewers have no id: they are listed, never opened. */
export function isVisibleViewer(viewer: Viewer): viewer is Viewer & { id: string } {
  return typeof viewer.id === "string" && viewer.id !== "";
}
