import { useQuery } from "@tanstack/react-query";
import { publishedTerms } from "#contract/api/terms.ts";
import { apiQuery } from "#web/lib/api-query.ts";

/**
 * The terms and conditions; null while none have been published. Checked again on every visit, so a change an
 * administrator makes shows at once (the cached copy is shown meanwhile).
 */
export function useTerms() {
  return useQuery({ ...apiQuery("/api/terms"), staleTime: 0, select: publishedTerms });
}
