import type { AdminListOrder } from "#contract/api/admin.ts";

/** Where an admin list's page lives: the resource, its search and filters, and the cursor of the page. */
export function adminListUrl(
  resource: string,
  params: Readonly<Record<string, string | undefined>>,
  cursor: string | null,
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const trimmed = value?.trim();
    if (trimmed) query.set(key, trimmed);
  }
  if (cursor) query.set("cursor", cursor);
  const text = query.toString();
  return text ? `${resource}?${text}` : resource;
}

/**
 * "1 tagg", "12 taggs", "1 of 230 taggs", "50 of 1,000+ taggs" — the count beside a list; `capped` when the
 * server stopped counting at `total` (the list's `totalCapped`).
 */
export function listCountLabel(
  shown: number,
  total: number,
  noun: { one: string; many: string },
  capped = false,
): string {
  const word = total === 1 && !capped ? noun.one : noun.many;
  const all = capped ? `${total.toLocaleString("en")}+` : String(total);
  return shown < total || capped ? `${shown} of ${all} ${word}` : `${total} ${word}`;
}

/** How an admin list is sorted on the server: a column the list allows and a direction; `{}` is its own order. */
export type AdminSort = { sort?: string; order?: AdminListOrder };

/** The table's sorting state for a server sort: the one sorted column, or none. */
export function sortingOf(sort: AdminSort): { id: string; desc: boolean }[] {
  return sort.sort ? [{ id: sort.sort, desc: sort.order === "desc" }] : [];
}

/**
 * The server sort for the table's sorting state after a header click: its first column when the list sorts by
 * it on the server (`columns`, the list's contract names), else the list's own order.
 */
export function sortOf(
  sorting: readonly { id: string; desc: boolean }[],
  columns: readonly string[],
): AdminSort {
  const first = sorting[0];
  if (!first || !columns.includes(first.id)) return {};
  return { sort: first.id, order: first.desc ? "desc" : "asc" };
}
