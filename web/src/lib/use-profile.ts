import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Profile } from "#contract/api/profile.ts";
import { getQueryFn } from "#web/lib/api-request.ts";

export const PROFILE_QUERY_KEY = ["/api/profile"] as const;

/** GET /api/profile; null for a visitor. Shared by useProfile and code that must read the latest profile. */
export const profileQuery = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  queryFn: getQueryFn<Profile>({ on401: "returnNull" }),
});

export type ProfileState = {
  /** The signed-in member, or null for a visitor (401) or when the session could not be checked. */
  profile: Profile | null;
  /** True only while the first check is in flight. */
  isLoading: boolean;
};

/** The one source of truth for "who is signed in". */
export function useProfile(): ProfileState {
  const query = useQuery(profileQuery);
  // A failed check (server down, network error) is treated as signed out rather than blocking the app.
  return { profile: query.data ?? null, isLoading: query.isLoading };
}
