import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { TIMING } from "#contract/limits.ts";
import { apiQuery } from "#web/lib/api-query.ts";
import { useDebouncedValue } from "#web/lib/use-debounced-value.ts";

export type NameAvailability = "empty" | "checking" | "available" | "taken" | "unknown";

export const checkPostNameUrl = (name: string) =>
  `/api/check-post-name?name=${encodeURIComponent(name)}` as const;

const fresh = { staleTime: 0, gcTime: 60_000 } as const;

/**
 * Availability of a post name, asked 500 ms after typing stops (GET /api/check-post-name). "unknown" means
 * the check failed; `checkNow` asks again at once (used before saving).
 */
export function usePostNameCheck(name: string) {
  const queryClient = useQueryClient();
  const trimmed = name.trim();
  const debounced = useDebouncedValue(trimmed, TIMING.nameCheckDebounceMs);
  const query = useQuery({
    ...apiQuery(checkPostNameUrl(debounced)),
    enabled: debounced.length > 0,
    ...fresh,
  });

  let status: NameAvailability;
  if (!trimmed) status = "empty";
  else if (trimmed !== debounced || query.isFetching) status = "checking";
  else if (query.data) status = query.data.available ? "available" : "taken";
  else status = "unknown";

  const checkNow = useCallback(
    (value: string) => queryClient.fetchQuery({ ...apiQuery(checkPostNameUrl(value.trim())), ...fresh }),
    [queryClient],
  );

  return { status, suggestions: status === "taken" ? (query.data?.suggestions ?? []) : [], checkNow };
}
