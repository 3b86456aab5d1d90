import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "#web/lib/api-query.ts";

const uniqueViewersQuery = apiQuery("/api/unique-viewers");
export const UNIQUE_VIEWERS_QUERY_KEY = uniqueViewersQuery.queryKey;

/** Distinct visitors across all my posts, counted by the server (anonymous visitors included, never named). */
export function useUniqueViewers() {
  return useQuery(uniqueViewersQuery);
}
