import { type QueryFunction, queryOptions } from "@tanstack/react-query";
import type { ApiQueryData } from "#web/lib/api-query.ts";
import type { ApiUrl } from "#web/lib/api-routes.ts";
import { adminRequest } from "./admin-request.ts";

/**
 * `apiQuery(url)` for the admin panel: the options of a query that GETs `url` with the admin session
 * (`adminRequest`), keyed `[url]` — so a write's refresh by address reaches it — its data typed by the address.
 * A cache read or write takes its type from these options' key (`queryClient.setQueryData(adminQuery(url)
 * .queryKey, saved)`), never from a type named beside it. Spread it to add options.
 */
export function adminQuery<Url extends ApiUrl<"GET">>(url: Url) {
  return queryOptions({
    queryKey: [url] as const,
    // A GET of the key's address, typed here as apiQuery types its own.
    queryFn: (({ signal }) => adminRequest("GET", url, undefined, signal)) as QueryFunction<
      ApiQueryData<Url>,
      readonly [Url]
    >,
  });
}
