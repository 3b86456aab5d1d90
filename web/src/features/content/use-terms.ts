import { useQuery } from "@tanstack/react-query";
import type { TermsResponse } from "#contract/api/terms.ts";
import { errorCodeOf, getQueryFn } from "#web/lib/api-request.ts";

export const TERMS_QUERY_KEY = ["/api/terms"] as const;

const fetchTerms = getQueryFn<TermsResponse>({ on401: "throw" });

/** The terms and conditions; null while none have been published (404). */
export function useTerms() {
  return useQuery<TermsResponse | null>({
    queryKey: TERMS_QUERY_KEY,
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
