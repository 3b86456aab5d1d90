import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListPage } from "#contract/api/admin.ts";
import { adminRequest } from "./admin-request.ts";
import { matchesSearch } from "./content-display.ts";

const allOptions = <T>(url: string) => ({
  queryKey: [url, "all"] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => adminRequest<T[]>("GET", url, undefined, signal),
});

/** The whole of a short list, unfiltered. */
export const useAdminAll = <T>(url: string) => useQuery(allOptions<T>(url));

/**
 * A short admin list the server answers whole (UI sections, help texts: one row per section of the app), in
 * the shape of `useAdminList` so the one admin table draws it. The search filters the loaded rows, across the
 * fields `searchIn` names; `all` is the unfiltered list (for counters).
 */
export function useAdminFullList<T>(url: string, search: string, searchIn: (row: T) => unknown[]) {
  const queryClient = useQueryClient();
  const all = useAdminAll<T>(url);
  const { queryKey: allKey, queryFn: fetchAll } = allOptions<T>(url);
  const list = useInfiniteQuery({
    queryKey: [url, "table", search] as const,
    queryFn: async (): Promise<ListPage<T>> => {
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
