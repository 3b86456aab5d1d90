import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SocialLinks, SocialLinksInput } from "#contract/api/social-links.ts";
import { apiRequest } from "#web/lib/api-request.ts";

export const SOCIAL_LINKS_QUERY_KEY = ["/api/me/social-links"] as const;

/** The signed-in member's platforms and shortcuts (GET /api/me/social-links). */
export function useSocialLinks() {
  return useQuery<SocialLinks>({ queryKey: SOCIAL_LINKS_QUERY_KEY });
}

/** POST /api/me/social-links replaces them all; the answer is what the server kept. */
export function useSaveSocialLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SocialLinksInput) => apiRequest("POST", "/api/me/social-links", body),
    onSuccess: (links) => queryClient.setQueryData(SOCIAL_LINKS_QUERY_KEY, links),
  });
}
