import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListPage } from "#contract/api/admin.ts";
import type { ApiResponse, UrlAnswering } from "#web/lib/api-routes.ts";
import { adminRequest } from "./admin-request.ts";
import { matchesSearch } from "./content-display.ts";

/** The short lists the server answers whole: the addresses that answer an array. */
export type AdminFullListUrl = UrlAnswering<"GET", readonly unknown[]>;
/** A row of the list at `Url`. */
export type AdminFullListRow<Url extends AdminFullListUrl> =
  ApiResponse<"GET", Url> extends readonly (infer Row)[] ? Row : never;

const allOptions = <Url extends AdminFullListUrl>(url: Url) => ({
  queryKey: [url, "all"] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await adminRequest("GET", url, undefined, signal)) as AdminFullListRow<Url>[],
});

/** The whole of a short list, unfiltered. */
export const useAdminAll = <Url extends AdminFullListUrl>(url: Url) => useQuery(allOptions(url));

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
  const { queryKey: allKey, queryFn: fetchAll } = allOptions(url);
  const list = useInfiniteQuery({
    queryKey: [url, "table", search] as const,
    queryFn: async (): Promise<ListPage<AdminFullListRow<Url>>> => {
      const rows = await queryClient.fetchQuery({ queryKey: allKey, queryFn: fetchAll });
      const items = rows.filter((row) => matchesSearch(searchIn(row), search));
      return { items, total: items.length, totalCapped: false, nextCursor: null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
  return { all, list };
}
