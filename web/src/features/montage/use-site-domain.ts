import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "#web/lib/api-query.ts";

/** The site's domain from PUBLIC_URL (GET /api/site); the page's own host until it arrives or if it fails. */
export function useSiteDomain(): string {
  const query = useQuery(apiQuery("/api/site"));
  return query.data?.domain ?? window.location.hostname.replace(/^www\./, "");
}
