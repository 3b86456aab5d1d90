import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "#web/lib/api-query.ts";

const quietWeeksQuery = apiQuery("/api/tagg-analytics/quiet-weeks");

/**
 * The weeks whose anonymous activity came from too few visitors to show (a line each, once the week is over).
 * They change once a week at most: read again when the member comes back to the page.
 */
export function useQuietWeeks() {
  return useQuery({ ...quietWeeksQuery, staleTime: 5 * 60_000 });
}
