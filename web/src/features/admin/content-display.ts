import type { Section } from "#contract/api/content.ts";

/** Whether any of the values contains the search, ignoring case and surrounding spaces; an empty search matches. */
export function matchesSearch(values: readonly unknown[], search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return values.some((value) =>
    typeof value === "string" || typeof value === "number"
      ? String(value).toLowerCase().includes(needle)
      : false,
  );
}

/** The UI codes counters: every section, the popups and the pages. */
export function sectionCounts(sections: readonly Pick<Section, "type">[]) {
  const ofType = (type: string) =>
    sections.filter((section) => section.type?.trim().toLowerCase() === type).length;
  return { total: sections.length, popups: ofType("popup"), pages: ofType("page") };
}

/** A route an administrator may open from the panel: same-site paths only. */
export const openableRoute = (route: string | null | undefined): string | null =>
  route && /^\/(?!\/)/.test(route.trim()) ? route.trim() : null;

/** A long text cut for a table cell. */
export const excerpt = (text: string, length = 80): string =>
  text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
