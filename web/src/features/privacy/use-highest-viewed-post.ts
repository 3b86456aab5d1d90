import { useQuery } from "@tanstack/react-query";
import type { HighestViewedPost } from "#contract/api/analytics.ts";
import { HIGHEST_VIEWED_QUERY_KEY } from "#web/lib/query-keys.ts";

/** GET /api/highest-viewed-post, only while something shows it (the hide popup); null when no views yet. */
export function useHighestViewedPost(enabled: boolean) {
  return useQuery<HighestViewedPost>({ queryKey: HIGHEST_VIEWED_QUERY_KEY, enabled, staleTime: 0 });
}
