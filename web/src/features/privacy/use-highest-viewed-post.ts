import { useQuery } from "@tanstack/react-query";
import { highestViewedQuery } from "#web/lib/query-keys.ts";

/** GET /api/highest-viewed-post, only while something shows it (the hide popup); null when no views yet. */
export function useHighestViewedPost(enabled: boolean) {
  return useQuery({ ...highestViewedQuery, enabled, staleTime: 0 });
}
