import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { ListPage } from "#contract/api/admin.ts";
import { adminListUrl } from "./admin-list.ts";
import { adminRequest } from "./admin-request.ts";

/** Every admin list's query key starts with its URL, so `invalidateQueries({queryKey: [url]})` refreshes it. */
export const adminListKey = (resource: string, params: Readonly<Record<string, string | undefined>>) =>
  [resource, params] as const;

/**
 * One admin list, paged and searched on the server (`{items, total, nextCursor}`): the first page, then
 * `fetchNextPage()` for the next. While a new search loads, the previous answer stays on screen.
 */
export function useAdminList<T>(resource: string, params: Readonly<Record<string, string | undefined>>) {
  return useInfiniteQuery({
    queryKey: adminListKey(resource, params),
    queryFn: ({ pageParam, signal }) =>
      adminRequest<ListPage<T>>("GET", adminListUrl(resource, params, pageParam), undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export type AdminListQueryResult<T> = ReturnType<typeof useAdminList<T>>;
