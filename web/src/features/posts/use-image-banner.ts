import type { QueryClient } from "@tanstack/react-query";
import type { ImageBanner } from "#contract/api/posts.ts";

/** The admin-set banner drawn on downloaded images (GET /api/image-banner, public). */
export const IMAGE_BANNER_QUERY_KEY = ["/api/image-banner"] as const;

/** Fetched each time a download starts, so the administrator's latest text is the one drawn. */
export function fetchImageBanner(queryClient: QueryClient): Promise<ImageBanner> {
  return queryClient.fetchQuery<ImageBanner>({ queryKey: IMAGE_BANNER_QUERY_KEY, staleTime: 0 });
}
