import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SocialLinksInput } from "#contract/api/social-links.ts";
import { apiQuery } from "#web/lib/api-query.ts";
import { apiRequest } from "#web/lib/api-request.ts";

const socialLinksQuery = apiQuery("/api/me/social-links");
export const SOCIAL_LINKS_QUERY_KEY = socialLinksQuery.queryKey;

/** The signed-in member's platforms and shortcuts (GET /api/me/social-links). */
export function useSocialLinks() {
  return useQuery(socialLinksQuery);
}

/** POST /api/me/social-links replaces them all; the answer is what the server kept. */
export function useSaveSocialLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SocialLinksInput) => apiRequest("POST", "/api/me/social-links", body),
    onSuccess: (links) => queryClient.setQueryData(SOCIAL_LINKS_QUERY_KEY, links),
  });
}
