import { useQuery } from "@tanstack/react-query";
import type { TermsResponse } from "#contract/api/terms.ts";
import { errorCodeOf, getQueryFn } from "#web/lib/api-request.ts";

export const TERMS_QUERY_KEY = ["/api/terms"] as const;

const fetchTerms = getQueryFn<TermsResponse>({ on401: "throw" });

/**
 * The terms and conditions; null while none have been published (404). Checked again on every visit, so a
 * change an administrator makes shows at once (the cached copy is shown meanwhile).
 */
export function useTerms() {
  return useQuery<TermsResponse | null>({
    queryKey: TERMS_QUERY_KEY,
    staleTime: 0,
    queryFn: async (context) => {
      try {
        return await fetchTerms(context);
      } catch (error) {
        if (errorCodeOf(error) === "not_found") return null;
        throw error;
      }
    },
  });
}
