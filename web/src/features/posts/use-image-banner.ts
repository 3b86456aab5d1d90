import type { QueryClient } from "@tanstack/react-query";
import type { ImageBanner } from "#contract/api/posts.ts";
import { apiQuery } from "#web/lib/api-query.ts";

/** The admin-set banner drawn on downloaded images (GET /api/image-banner, public). */
const imageBannerQuery = apiQuery("/api/image-banner");
export const IMAGE_BANNER_QUERY_KEY = imageBannerQuery.queryKey;

/** Fetched each time a download starts, so the administrator's latest text is the one drawn. */
export function fetchImageBanner(queryClient: QueryClient): Promise<ImageBanner> {
  return queryClient.fetchQuery({ ...imageBannerQuery, staleTime: 0 });
}
