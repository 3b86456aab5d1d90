import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TIMING } from "#contract/limits.ts";
import { apiQuery } from "#web/lib/api-query.ts";
import { apiRequest, errorCodeOf, errorMessage } from "#web/lib/api-request.ts";
import { useDebouncedValue } from "#web/lib/use-debounced-value.ts";
import { PROFILE_QUERY_KEY } from "#web/lib/use-profile.ts";
import { checkTaggLocally, type TaggStatus } from "./tagg-availability.ts";

export const checkTaggUrl = (tagg: string) => `/api/check-tagg?tagg=${encodeURIComponent(tagg)}` as const;

/**
 * Availability of the handle being typed: checked locally at once, then asked of the server
 * (GET /api/check-tagg) 500 ms after typing stops. Never cached for long: another member may claim it.
 */
export function useTaggAvailability(input: string): TaggStatus {
  const local = checkTaggLocally(input);
  const candidate = local && "tagg" in local ? local.tagg : "";
  const debounced = useDebouncedValue(candidate, TIMING.nameCheckDebounceMs);
  const query = useQuery({
    ...apiQuery(checkTaggUrl(debounced)),
    enabled: debounced.length > 0,
    staleTime: 0,
    gcTime: 60_000,
  });

  if (!local) return { kind: "empty" };
  if ("message" in local) return { kind: "invalid", message: local.message };
  if (candidate !== debounced || query.isFetching) return { kind: "checking" };
  if (query.isError) {
    // A validation answer carries the server's reason (format or reserved); anything else is a failed check.
    return errorCodeOf(query.error) === "validation"
      ? { kind: "invalid", message: errorMessage(query.error, "This tagg cannot be used") }
      : { kind: "error", message: errorMessage(query.error, "Could not check this tagg. Please try again.") };
  }
  if (!query.data) return { kind: "checking" };
  return query.data.available ? { kind: "available", tagg: candidate } : { kind: "taken" };
}

/** POST /api/me/tagg; the answer is the updated profile, which ends the "no tagg yet" notice. */
export function useClaimTagg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagg: string) => apiRequest("POST", "/api/me/tagg", { tagg }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
}
