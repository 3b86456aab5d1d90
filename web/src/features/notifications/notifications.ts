import type { AnalyticsEvent } from "#contract/api/analytics.ts";
import { decisionPath } from "#contract/api/moderation.ts";
import type { Notice } from "#contract/api/notices.ts";
import { MAX_NOTIFICATIONS_SHOWN, NOTIFICATION_DEDUP_WINDOW_MS } from "#contract/limits.ts";
import { actionText } from "#web/features/analytics/index.ts";

/** One bell item, derived from an analytics event of a visible visitor. */
export type AppNotification = {
  id: string;
  visitorId: string;
  visitorName: string;
  visitorTagg: string | null;
  visitorPictureUrl: string | null;
  searchTerm: string | null;
  postName: string | null;
  action: AnalyticsEvent["action"];
  actionText: string;
  createdAt: string;
};

const dedupKey = (visitorId: string, term: string | null) =>
  `${visitorId}\u0000${(term ?? "").trim().toLowerCase()}`;

/**
 * Events are grouped by visitor (by id here — there are no e-mails) plus the trimmed, lower-cased
 * search term; a later event with the same pair less than 24 h after a kept one is dropped. Only visible
 * visitors make notifications (anonymous events carry no visitor id). Returns the kept events newest first.
 */
export function dedupeNotificationEvents(
  events: readonly AnalyticsEvent[],
  windowMs: number = NOTIFICATION_DEDUP_WINDOW_MS,
): AnalyticsEvent[] {
  const visible = events
    .filter((event): event is AnalyticsEvent & { visitorId: string } => Boolean(event.visitorId))
    .map((event) => ({ event, time: Date.parse(event.createdAt) }))
    .filter((entry) => !Number.isNaN(entry.time))
    .sort((a, b) => a.time - b.time || a.event.id.localeCompare(b.event.id));
  const lastKept = new Map<string, number>();
  const kept: AnalyticsEvent[] = [];
  for (const { event, time } of visible) {
    const key = dedupKey(event.visitorId ?? "", event.searchTerm);
    const previous = lastKept.get(key);
    if (previous !== undefined && time - previous < windowMs) continue;
    lastKept.set(key, time);
    kept.push(event);
  }
  return kept.reverse();
}

/** The bell's items: de-duplicated, without the dismissed ones, newest first, at most 10. */
export function buildNotifications(
  events: readonly AnalyticsEvent[],
  dismissed: ReadonlySet<string>,
  limit: number = MAX_NOTIFICATIONS_SHOWN,
): AppNotification[] {
  return dedupeNotificationEvents(events)
    .filter((event) => !dismissed.has(event.id))
    .slice(0, limit)
    .map((event) => ({
      id: event.id,
      visitorId: event.visitorId ?? "",
      visitorName: event.visitorName,
      visitorTagg: event.visitorTagg,
      visitorPictureUrl: event.visitorProfilePictureUrl,
      searchTerm: event.searchTerm,
      postName: event.postName,
      action: event.action,
      actionText: actionText(event.action),
      createdAt: event.createdAt,
    }));
}

/** The badge: the count, or "9+" above 9; nothing at zero. */
export function badgeLabel(count: number): string {
  if (count <= 0) return "";
  return count > 9 ? "9+" : String(count);
}

export type Arrival = {
  /** Items not seen before in this session. */
  newIds: string[];
  /** Play the tone: new items arrived while the bell already showed some. */
  playSound: boolean;
};

/**
 * What changed between two renders of the bell. `seen` is null before the first list arrived: the first
 * list is the baseline and never counts as new.
 */
export function detectArrivals(
  seen: ReadonlySet<string> | null,
  previousCount: number,
  current: readonly Pick<AppNotification, "id">[],
): Arrival {
  if (seen === null) return { newIds: [], playSound: false };
  const newIds = current.map((item) => item.id).filter((id) => !seen.has(id));
  return { newIds, playSound: newIds.length > 0 && previousCount > 0 };
}

/** Dismissed ids as stored (a JSON array of strings); anything else reads as none. */
export function parseDismissed(raw: string | null): Set<string> {
  if (!raw) return new Set();
  try {
    const value: unknown = JSON.parse(raw);
    return new Set(Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : []);
  } catch {
    return new Set();
  }
}

/** Keeps only dismissed ids that still exist, so the stored list never grows without bound. */
export function pruneDismissed(
  dismissed: ReadonlySet<string>,
  events: readonly { id: string }[],
): Set<string> {
  const existing = new Set(events.map((event) => event.id));
  return new Set([...dismissed].filter((id) => existing.has(id)));
}

/** Where a notice's link goes, and its words; null for a notice without one. */
export type NoticeLink = { to: string; label: string };

/**
 * A `decision` notice links to its statement of reasons and appeal form, an `appeal_decided` notice to the
 * outcome, both on /moderation-decisions at the decision (`decisionPath`).
 */
export function noticeLink(notice: Pick<Notice, "kind" | "decisionId">): NoticeLink | null {
  if (!notice.decisionId) return null;
  if (notice.kind === "decision")
    return { to: decisionPath(notice.decisionId), label: "Read why and appeal" };
  if (notice.kind === "appeal_decided")
    return { to: decisionPath(notice.decisionId), label: "Read the outcome" };
  return null;
}
