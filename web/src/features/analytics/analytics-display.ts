import type { AnalyticsEvent } from "#contract/api/analytics.ts";

/** The post filter's "no filter" label (spec 1 §2: default All Posts); the filter itself is then null. */
export const ALL_POSTS_LABEL = "All Posts";

/** What the visitor did, as the analytics list and the notifications say it (spec 1 §3). */
export function actionText(action: AnalyticsEvent["action"]): string {
  return action === "view" ? "viewed your post" : "searched for your posts";
}

/** The post names the filter offers: every name in the list once, alphabetically. */
export function postFilterOptions(events: readonly AnalyticsEvent[]): string[] {
  const names = new Set<string>();
  for (const event of events) if (event.postName) names.add(event.postName);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** The events about one post, or all of them for "All Posts" (null). */
export function filterEventsByPost(
  events: readonly AnalyticsEvent[],
  postName: string | null,
): AnalyticsEvent[] {
  if (postName === null) return [...events];
  return events.filter((event) => event.postName === postName);
}

/** "View All Viewers" is offered on views of one of my posts (every event in my list targets me). */
export function canViewAllViewers(event: AnalyticsEvent): boolean {
  return event.action === "view" && event.postId !== null;
}
