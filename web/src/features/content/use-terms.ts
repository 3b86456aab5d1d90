import { useQuery } from "@tanstack/react-query";
import { publishedTerms } from "#contract/api/terms.ts";
import { apiRequest } from "#web/lib/api-request.ts";

export const TERMS_QUERY_KEY = ["/api/terms"] as const;

/**
 * The terms and conditions; null while none have been published. Checked again on every visit, so a change an
 * administrator makes shows at once (the cached copy is shown meanwhile).
 */
export function useTerms() {
  return useQuery({
    queryKey: TERMS_QUERY_KEY,
    staleTime: 0,
    queryFn: ({ signal }) => apiRequest("GET", TERMS_QUERY_KEY[0], undefined, { signal }),
    select: publishedTerms,
  });
}
