import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "#web/lib/api-query.ts";
import { postViewersUrl } from "#web/lib/query-keys.ts";

export const viewerProfileUrl = (viewerId: string) =>
  `/api/user-info/${encodeURIComponent(viewerId)}` as const;

/** GET /api/posts/{id}/viewers while the who-viewed dialog is open; fetched fresh on every opening. */
export function usePostViewers(postId: string | null) {
  return useQuery({
    ...apiQuery(postViewersUrl(postId ?? "")),
    enabled: postId !== null,
    staleTime: 0,
  });
}

/** GET /api/user-info/{viewerId}: a visible viewer's public profile (404 when there is none to show). */
export function useViewerProfile(viewerId: string | null) {
  return useQuery({
    ...apiQuery(viewerProfileUrl(viewerId ?? "")),
    enabled: viewerId !== null,
    staleTime: 0,
  });
}
