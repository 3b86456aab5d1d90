import {
  type InfiniteData,
  keepPreviousData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from "@tanstack/react-query";
import type { ListPage } from "#contract/api/admin.ts";
import type { ApiResponse, UrlAnswering } from "#web/lib/api-routes.ts";
import { adminListUrl } from "./admin-list.ts";
import { adminRequest } from "./admin-request.ts";

/** The admin lists: the addresses that answer a page `{items, total, nextCursor}`. */
export type AdminListUrl = UrlAnswering<"GET", ListPage<unknown>>;
/** A row of the list at `Url`. */
export type AdminListItem<Url extends AdminListUrl> =
  ApiResponse<"GET", Url> extends ListPage<infer Item> ? Item : never;

/** Every admin list's query key starts with its URL, so `invalidateQueries({queryKey: [url]})` refreshes it. */
export const adminListKey = (resource: string, params: Readonly<Record<string, string | undefined>>) =>
  [resource, params] as const;

/**
 * One admin list, paged and searched on the server (`{items, total, nextCursor}`): the first page, then
 * `fetchNextPage()` for the next. While a new search loads, the previous answer stays on screen.
 */
export function useAdminList<Url extends AdminListUrl>(
  resource: Url,
  params: Readonly<Record<string, string | undefined>>,
) {
  return useInfiniteQuery({
    queryKey: adminListKey(resource, params),
    queryFn: async ({ pageParam, signal }) => {
      // The search and the cursor travel in the query string: the page is the one `resource` answers.
      const page = await adminRequest(
        "GET",
        adminListUrl(resource, params, pageParam) as Url,
        undefined,
        signal,
      );
      return page as ListPage<AdminListItem<Url>>;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** What the one admin table draws: the pages of a list of `T`. */
export type AdminListQueryResult<T> = UseInfiniteQueryResult<InfiniteData<ListPage<T>>, Error>;
