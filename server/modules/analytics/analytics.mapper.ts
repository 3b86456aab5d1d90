import type { AnalyticsEvent } from "#contract/api/analytics.ts";
import type { SearchAnalyticsRow } from "#server/db/schema/index.ts";

export type EventExtras = {
  visitorTagg: string | null;
  visitorPicture: string | null;
  originalImage: string | null;
  scrambledImage: string | null;
  scrambleImage: boolean | null;
};

/**
 * What an owner may see of an event: never an e-mail, and nothing of an anonymous visitor but the label and the
 * window it happened in (its own, or `windowMinutes`, the release bucket, on a row released before windows
 * could widen).
 */
export function toAnalyticsEvent(
  event: SearchAnalyticsRow,
  extras: EventExtras,
  windowMinutes: number,
): AnalyticsEvent {
  const visible = event.visitorId !== null;
  return {
    id: event.id,
    postId: event.postId,
    postName: event.postName,
    visitorName: event.visitorName,
    visitorId: event.visitorId,
    visitorTagg: visible ? extras.visitorTagg : null,
    visitorProfilePictureUrl: visible ? extras.visitorPicture : null,
    searchTerm: event.searchTerm,
    action: event.action,
    createdAt: event.createdAt.toISOString(),
    timeWindowMinutes: visible ? null : (event.windowMinutes ?? windowMinutes),
    originalImage: extras.originalImage,
    scrambledImage: extras.scrambledImage,
    scrambleImage: extras.scrambleImage,
  };
}
