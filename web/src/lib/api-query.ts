import { type QueryFunction, queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "./api-request.ts";
import type { ApiResponse, ApiUrl } from "./api-routes.ts";

type On401 = "throw" | "returnNull";

/** What a query of `Url` holds: the route's answer, or null for a visitor when a 401 is read as "nobody". */
export type ApiQueryData<Url extends string, Answer401 extends On401 = "throw"> =
  | ApiResponse<"GET", Url>
  | (Answer401 extends "returnNull" ? null : never);

/**
 * The options of a query that GETs `url`, keyed `[url]` (the key every cache write and invalidation of that
 * address uses), its data typed by the address as `apiRequest` types an answer. Spread it to add options:
 * `useQuery({ ...apiQuery("/api/subscription/invoices"), staleTime: 0 })`. With `on401: "returnNull"` a 401 is
 * data (null) instead of an error: how the profile query tells a visitor from a member.
 */
export function apiQuery<Url extends ApiUrl<"GET">, Answer401 extends On401 = "throw">(
  url: Url,
  options?: { on401: Answer401 },
) {
  return queryOptions({
    queryKey: [url] as const,
    // A GET of the key's address, typed here: the address decides what the server answers.
    queryFn: getQueryFn({ on401: options?.on401 ?? "throw" }) as QueryFunction<
      ApiQueryData<Url, Answer401>,
      readonly [Url]
    >,
  });
}
