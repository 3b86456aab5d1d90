import { useQuery } from "@tanstack/react-query";
import type { Profile } from "#contract/api/profile.ts";
import { apiQuery } from "#web/lib/api-query.ts";

/** GET /api/profile; null for a visitor. Shared by useProfile and code that must read the latest profile. */
export const profileQuery = apiQuery("/api/profile", { on401: "returnNull" });

export const PROFILE_QUERY_KEY = profileQuery.queryKey;

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
