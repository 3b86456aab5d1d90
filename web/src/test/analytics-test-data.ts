import type { AnalyticsEvent } from "#contract/api/analytics.ts";

let counter = 0;

/** An analytics event for unit tests, with sensible defaults. */
export function analyticsEvent(overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  counter += 1;
  return {
    id: `event-${counter}`,
    postId: "post-1",
    postName: "Harbour walk (Grace)",
    visitorName: "Ada Lovelace",
    visitorId: "member-ada",
    visitorTagg: "ada",
    visitorProfilePictureUrl: null,
    searchTerm: "harbour walk (grace)",
    action: "search",
    createdAt: "2025-03-10T12:00:00.000Z",
    timeWindowMinutes: null,
    originalImage: "/uploads/a.jpg",
    scrambledImage: "/uploads/a-scrambled.jpg",
    scrambleImage: false,
    ...overrides,
  };
}
