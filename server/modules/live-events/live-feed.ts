import type { Clock } from "#server/lib/clock.ts";
import type { MemberEvent } from "#server/lib/event-bus.ts";
import type { AnalyticsService } from "#server/modules/analytics/analytics.service.ts";
import type { NoticesService } from "#server/modules/notices/notices.service.ts";

/**
 * A live stream's position is a time: the creation time (ms, the app's clock) of the latest event it carried,
 * or when it opened. Each event's `id:` is that time, so a browser reconnecting (to this instance or another)
 * sends it back as `Last-Event-ID` and the stream replays what it missed from the database (decision 034).
 */
export type LivePosition = number;

/**
 * Replayed from this long before the position: an event is stamped just before its transaction commits, so
 * one stamped earlier than the last event a stream carried may commit (and be published) after it.
 */
export const REPLAY_OVERLAP_MS = 5_000;
/** Replayed at most per kind of event: past that the owner's list (polled every 3 s) catches up. */
export const REPLAY_LIMIT = 200;

type Deps = {
  analytics: Pick<AnalyticsService, "listSince">;
  notices: Pick<NoticesService, "listSince">;
  clock: Clock;
};

export function createLiveFeed({ analytics, notices, clock }: Deps) {
  return {
    /** The position of a stream opening now. */
    now: (): LivePosition => clock.now().getTime(),

    /** The position a replayed or published event moves a stream to, when it carries one. */
    positionOf(event: MemberEvent): LivePosition | undefined {
      const createdAt = (event.data as { createdAt?: unknown } | null)?.createdAt;
      const at = typeof createdAt === "string" ? Date.parse(createdAt) : Number.NaN;
      return Number.isFinite(at) ? at : undefined;
    },

    /** A `Last-Event-ID` this app wrote, or undefined. */
    parse(lastEventId: unknown): LivePosition | undefined {
      if (typeof lastEventId !== "string" || !/^\d{1,15}$/.test(lastEventId)) return undefined;
      return Number(lastEventId);
    },

    /** The member's analytics events and notices since `position` (less the overlap), oldest first. */
    async missedSince(userId: string, position: LivePosition): Promise<MemberEvent[]> {
      const since = new Date(position - REPLAY_OVERLAP_MS);
      const [events, memberNotices] = await Promise.all([
        analytics.listSince(userId, since, REPLAY_LIMIT),
        notices.listSince(userId, since, REPLAY_LIMIT),
      ]);
      const missed: { at: number; event: MemberEvent }[] = [
        ...events.map((data) => ({
          at: Date.parse(data.createdAt),
          event: { type: "analytics", data } as const,
        })),
        ...memberNotices.map((data) => ({
          at: Date.parse(data.createdAt),
          event: { type: "notice", data } as const,
        })),
      ];
      return missed.sort((a, b) => a.at - b.at).map((entry) => entry.event);
    },
  };
}

export type LiveFeed = ReturnType<typeof createLiveFeed>;
