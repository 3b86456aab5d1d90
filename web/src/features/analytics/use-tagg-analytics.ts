import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";
import { analyticsEventSchema } from "#contract/api/analytics.ts";
import { TIMING } from "#contract/limits.ts";
import { apiRequest, errorMessage } from "#web/lib/api-request.ts";
import {
  ANALYTICS_QUERY_KEY,
  HIGHEST_VIEWED_QUERY_KEY,
  NOTICES_QUERY_KEY,
  TAGGED_POSTS_QUERY_KEY,
} from "#web/lib/query-keys.ts";
import { PROFILE_QUERY_KEY } from "#web/lib/use-profile.ts";
import { createConditionalFetcher } from "./conditional-fetcher.ts";
import { openLiveEvents } from "./live-events.ts";

/** The kind of a live notice event's data, if it reads as one. */
function noticeKind(data: string): unknown {
  try {
    return (JSON.parse(data) as { kind?: unknown } | null)?.kind;
  } catch {
    return undefined;
  }
}

/** Notices after which the member's profile (their tagg) may have changed. */
const PROFILE_CHANGING_NOTICES: ReadonlySet<unknown> = new Set([
  "tagg_removed",
  "decision",
  "appeal_decided",
]);

const fetcher = createConditionalFetcher(ANALYTICS_QUERY_KEY[0]);

/** The list's options: its typed key, fetched with the ETag of the data the cache holds. */
const analyticsQuery = queryOptions({
  queryKey: ANALYTICS_QUERY_KEY,
  queryFn: ({ client, signal }) => fetcher.fetch(client.getQueryData(ANALYTICS_QUERY_KEY), signal),
});

/** The analytics list for any screen that shows it. Only `useLiveAnalytics` (one place) keeps it fresh. */
export function useTaggAnalytics() {
  return useQuery(analyticsQuery);
}

/**
 * Keeps the list fresh while a member is signed in: a server-sent events stream puts new events into the
 * cache at once, and a 3-second poll runs as a safety net (cheap: a conditional request answered
 * 304 while nothing changed; it also catches deletions, which the stream does not announce). Mounted once,
 * by the notification bell in the header.
 */
export function useLiveAnalytics(enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...analyticsQuery,
    enabled,
    refetchInterval: enabled ? TIMING.analyticsPollMs : false,
  });

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const onAnalytics = (data: string) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        return;
      }
      const result = analyticsEventSchema.safeParse(parsed);
      if (!result.success) return;
      const event = result.data;
      const current = queryClient.getQueryData(ANALYTICS_QUERY_KEY);
      if (!current) {
        void queryClient.invalidateQueries({ queryKey: ANALYTICS_QUERY_KEY });
        return;
      }
      // A resumed stream replays the last events it carried: an event already listed is not added twice.
      if (current.some((existing) => existing.id === event.id)) return;
      queryClient.setQueryData(ANALYTICS_QUERY_KEY, [event, ...current]);
      // A view may change unique counts on the post cards and the highest-viewed post.
      if (event.action === "view") {
        void queryClient.invalidateQueries({ queryKey: TAGGED_POSTS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: HIGHEST_VIEWED_QUERY_KEY });
      }
    };
    // A moderation notice (one of my posts was hidden or removed, or given back): the bell's notices and my
    // posts change.
    const onNotice = (data: string) => {
      void queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: TAGGED_POSTS_QUERY_KEY });
      // A decision or its appeal may have taken my tagg or given it back: the dashboard shows the one I hold now.
      if (PROFILE_CHANGING_NOTICES.has(noticeKind(data)))
        void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    };
    // Reconnections resume where the stream stood (Last-Event-ID); the poll covers any gap all the same.
    return openLiveEvents({ analytics: onAnalytics, notice: onNotice });
  }, [enabled, queryClient]);

  return query;
}

/** DELETE /api/tagg-analytics {analyticsIds}: entries leave the list at once; toasts either way. */
export function useDeleteAnalytics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (analyticsIds: string[]) => apiRequest("DELETE", ANALYTICS_QUERY_KEY[0], { analyticsIds }),
    onSuccess: async ({ deleted }, analyticsIds) => {
      const removed = new Set(analyticsIds);
      queryClient.setQueryData(ANALYTICS_QUERY_KEY, (events) =>
        events?.filter((event) => !removed.has(event.id)),
      );
      toast.success(`Deleted ${deleted} analytics ${deleted === 1 ? "entry" : "entries"}`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ANALYTICS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: TAGGED_POSTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: HIGHEST_VIEWED_QUERY_KEY }),
      ]);
    },
    onError: (error) => {
      toast.error("Failed to delete analytics entries", {
        description: errorMessage(error, "Please try again."),
      });
    },
  });
}
