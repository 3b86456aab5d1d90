import { AppError } from "#server/lib/app-error.ts";
import type { EventBus, MemberEvent } from "#server/lib/event-bus.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import type { LiveFeed } from "./live-feed.ts";
import { type LiveStreams, SESSION_CONTROL } from "./live-streams.ts";

const HEARTBEAT_MS = 25_000;
/** An instance shutting down asks its streams back after this long, spread so they do not all return at once. */
const RECONNECT_MIN_MS = 500;
const RECONNECT_SPREAD_MS = 2_000;

type StreamedEvent = Extract<MemberEvent, { type: "analytics" | "notice" }>;
const isStreamed = (event: MemberEvent): event is StreamedEvent =>
  event.type === "analytics" || event.type === "notice";
const keyOf = (event: StreamedEvent) => `${event.type}:${String((event.data as { id?: unknown }).id)}`;

/** Where a stream's text goes, and how it ends: the HTTP response the route opens. */
export type LiveSink = { write(chunk: string): void; end(): void };
type Member = { user: { id: string }; sessionId: string; token: string };

type Deps = {
  events: EventBus;
  sessions: Pick<SessionsService, "resolve">;
  feed: LiveFeed;
  streams: LiveStreams;
};

/**
 * The member's live stream of new analytics events and notices. Each event's `id:` is the stream's position, so
 * a reconnecting browser gets what it missed replayed from the database, on whichever instance it reaches
 * (decision 034); a stream ends with its session, and asks its browser back when the instance shuts down.
 */
export function createLiveEventsService({ events, sessions, feed, streams }: Deps) {
  return {
    /** Ends the streams this instance holds of a session any instance announces ended; answers how to stop. */
    followSessionEnds: () =>
      events.subscribe(SESSION_CONTROL, (event) => {
        if (event.type === "session_ended") streams.end(event.data);
      }),

    /** Shutting down: every stream ends, asking its browser to come back (through the load balancer, elsewhere). */
    closeAll() {
      streams.closeAll(() => RECONNECT_MIN_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS));
    },

    /**
     * Opens a stream from `lastEventId` (a position this app wrote, or nothing): refused past the caps,
     * subscribed before the replay is read, so an event is either in the replay or arrives live. Nothing is
     * written before `start`; `close` ends it at any time.
     */
    async open(member: Member, lastEventId: unknown, sink: LiveSink) {
      const { user, sessionId, token } = member;
      const refusal = streams.refusal(user.id);
      if (refusal === "member_full") throw new AppError("rate_limited", "Too many live streams are open");
      if (refusal === "full") throw new AppError("unavailable", "Live updates are busy; try again shortly");
      const resumeFrom = feed.parse(lastEventId);
      let state: "opening" | "open" | "closed" = "opening";
      let position = feed.now();
      /** Live events that arrive while the stream opens, sent after the replay (unless it carried them). */
      const held: StreamedEvent[] = [];
      let heartbeat: NodeJS.Timeout | undefined;
      let unsubscribe = () => {};

      const format = (event: StreamedEvent) => {
        position = Math.max(position, feed.positionOf(event) ?? position);
        return `id: ${position}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
      };
      const close = (reconnectAfterMs?: number) => {
        if (state === "closed") return;
        const wasOpen = state === "open";
        state = "closed";
        clearInterval(heartbeat);
        unsubscribe();
        remove();
        if (!wasOpen) return;
        if (reconnectAfterMs !== undefined) sink.write(`retry: ${reconnectAfterMs}\n\n`);
        sink.end();
      };
      const remove = streams.add({ userId: user.id, sessionId, close });

      let missed: MemberEvent[] = [];
      try {
        unsubscribe = await events.subscribe(user.id, (event) => {
          if (!isStreamed(event)) return;
          if (state === "opening") held.push(event);
          else if (state === "open") sink.write(format(event));
        });
        if (resumeFrom !== undefined) missed = await feed.missedSince(user.id, resumeFrom);
      } catch (err) {
        close();
        throw err;
      }

      return {
        close: () => close(),
        /**
         * Sends the opening (the replay, what arrived meanwhile, then `ready` with the position) once `begin`
         * has opened the response; refused when the stream ended while it opened (its session ended, or this
         * instance began shutting down).
         */
        start(begin: () => void) {
          if (state === "closed") {
            throw new AppError("unavailable", "Live updates are restarting; try again shortly");
          }
          begin();
          state = "open";
          const replayed = new Set(missed.filter(isStreamed).map(keyOf));
          const opening = [
            "retry: 5000\n\n",
            ...missed.filter(isStreamed).map(format),
            ...held.filter((event) => !replayed.has(keyOf(event))).map(format),
            // Where the stream stands, even before any event: what a reconnection sends back.
            `id: ${position}\nevent: ready\ndata: {}\n\n`,
          ];
          sink.write(opening.join(""));
          // A backstop for sessions ended without an announcement (expiry, account deletion): re-check each beat.
          heartbeat = setInterval(() => {
            sink.write(": keep-alive\n\n");
            sessions.resolve(token).then(
              (live) => live || close(),
              () => {},
            );
          }, HEARTBEAT_MS);
        },
      };
    },
  };
}

export type LiveEventsService = ReturnType<typeof createLiveEventsService>;
