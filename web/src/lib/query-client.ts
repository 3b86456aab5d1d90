import { QueryClient } from "@tanstack/react-query";

/**
 * Data never goes stale, no refocus refetch, no polling by default, no retries. Every query brings its own
 * query function: a plain GET of its address through `apiQuery`, anything else written beside its hook.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
