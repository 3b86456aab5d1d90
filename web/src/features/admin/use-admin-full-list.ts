import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListPage } from "#contract/api/admin.ts";
import type { ApiResponse, UrlAnswering } from "#web/lib/api-routes.ts";
import { adminQuery } from "./admin-query.ts";
import { matchesSearch } from "./content-display.ts";

/** The short lists the server answers whole: the addresses that answer an array. */
export type AdminFullListUrl = UrlAnswering<"GET", readonly unknown[]>;
/** A row of the list at `Url`. */
export type AdminFullListRow<Url extends AdminFullListUrl> =
  ApiResponse<"GET", Url> extends readonly (infer Row)[] ? Row : never;

/** The whole of a short list, unfiltered. */
export const useAdminAll = <Url extends AdminFullListUrl>(url: Url) => useQuery(adminQuery(url));

/**
 * A short admin list the server answers whole (UI sections, help texts: one row per section of the app), in
 * the shape of `useAdminList` so the one admin table draws it. The search filters the loaded rows, across the
 * fields `searchIn` names; `all` is the unfiltered list (for counters).
 */
export function useAdminFullList<Url extends AdminFullListUrl>(
  url: Url,
  search: string,
  searchIn: (row: AdminFullListRow<Url>) => unknown[],
) {
  const queryClient = useQueryClient();
  const all = useAdminAll(url);
  const list = useInfiniteQuery({
    queryKey: [url, "table", search] as const,
    queryFn: async (): Promise<ListPage<AdminFullListRow<Url>>> => {
      // The answer at `url` is an array of its rows; for an address not yet known TypeScript cannot unfold it.
      const rows = (await queryClient.fetchQuery(adminQuery(url))) as readonly AdminFullListRow<Url>[];
      const items = rows.filter((row) => matchesSearch(searchIn(row), search));
      return { items, total: items.length, totalCapped: false, nextCursor: null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
  return { all, list };
}
