import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-request.ts";

export const PUBLIC_SEARCH_URL = "/api/public/tagged-posts";

/** The query key of one search: ["/api/public/tagged-posts", term]. */
export const publicSearchKey = (term: string) => [PUBLIC_SEARCH_URL, term] as const;

/**
 * GET /api/public/tagged-posts?search= — exact post name or tagg, for anyone. A blank term asks nothing.
 * The server records the search while answering, so the page enables this only once the person asked for the
 * search (`enabled`). Results are re-fetched whenever a search is run again (someone may have posted or
 * hidden a post since).
 */
export function usePublicSearch(term: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: publicSearchKey(term),
    queryFn: ({ signal }) =>
      apiRequest("GET", `${PUBLIC_SEARCH_URL}?search=${encodeURIComponent(term)}`, undefined, {
        signal,
      }),
    enabled: enabled && term.trim() !== "",
    staleTime: 0,
  });
}
