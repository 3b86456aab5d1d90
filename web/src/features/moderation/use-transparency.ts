import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "#web/lib/api-query.ts";

/**
 * The monthly moderation figures (GET /api/transparency, public). The server renders /transparency with them
 * (PAGE_FIRST_DATA); the browser reads them again on each visit and shows the copy it has meanwhile.
 */
export function useTransparency() {
  return useQuery({ ...apiQuery("/api/transparency"), staleTime: 0 });
}
