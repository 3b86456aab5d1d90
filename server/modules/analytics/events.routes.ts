import type { FastifyPluginAsync, FastifySchema } from "fastify";
import { z } from "zod";
import { AppError } from "#server/lib/app-error.ts";
import type { EventBus, MemberEvent } from "#server/lib/event-bus.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { LiveFeed } from "./live-feed.ts";
import { boundedWriter, type LiveStreams, SESSION_CONTROL } from "./live-streams.ts";

const HEARTBEAT_MS = 25_000;
/** An instance shutting down asks its streams back after this long, spread so they do not all return at once. */
const RECONNECT_MIN_MS = 500;
const RECONNECT_SPREAD_MS = 2_000;

type Deps = { events: EventBus; sessions: SessionsService; feed: LiveFeed; streams: LiveStreams };

type StreamedEvent = Extract<MemberEvent, { type: "analytics" | "notice" }>;
const isStreamed = (event: MemberEvent): event is StreamedEvent =>
  event.type === "analytics" || event.type === "notice";
const keyOf = (event: StreamedEvent) => `${event.type}:${String((event.data as { id?: unknown }).id)}`;

/** A stream position the client sends back; anything else (foreign, malformed, repeated) is ignored, never refused. */
const positionSchema = z
  .string()
  .optional()
  .catch(undefined)
  .describe("The `id:` of the last event received: what was missed since is replayed first.");

const eventsSchema = {
  operationId: "streamLiveEvents",
  summary: "Stream my new analytics events and notices as they happen",
  description:
    "A `text/event-stream` (server-sent events). Each `analytics` event's `data` is an `AnalyticsEvent` " +
    "as `listOwnAnalytics` lists it, each `notice` event's `data` a `Notice` as `listOwnNotices` does; " +
    "`ready` (`data: {}`) marks the end of the opening. Every event's `id:` is the stream's position: a " +
    "client reconnecting sends it back as `Last-Event-ID` (or `?lastEventId=` on a new stream) and gets " +
    "what it missed replayed first. A comment line keeps the connection alive every 25 seconds. The " +
    "stream ends with the session; a server shutting down ends it with a `retry:` line saying when to " +
    "reconnect. 429 `rate_limited` when the member already has too many streams open; 503 `unavailable` " +
    "when this server has no room for another, or is restarting.",
  errors: ["rate_limited"],
  headers: z.looseObject({ "last-event-id": positionSchema }),
  querystring: z.looseObject({ lastEventId: positionSchema }),
  response: {
    200: {
      description: "The stream, open until the session ends or the client leaves.",
      content: {
        "text/event-stream": {
          schema: z
            .string()
            .describe("`id:`, `event:` and `data:` (JSON) lines, one blank line after each event."),
        },
      },
    },
  },
} satisfies FastifySchema;

/**
 * GET /api/events: a server-sent events stream of new analytics events and notices for the signed-in member.
 * Each event's `id:` is the stream's position, so a reconnecting browser (`Last-Event-ID`, or `?lastEventId=`
 * from a client that had to open a new stream) gets what it missed replayed from the database, on whichever
 * instance it reaches (decision 034).
 */
export const eventsRoutes: FastifyPluginAsync<Deps> = async (app, { events, sessions, feed, streams }) => {
  app.addHook("onRoute", documentedUnder("Analytics"));
  const unsubscribeControl = await events.subscribe(SESSION_CONTROL, (event) => {
    if (event.type === "session_ended") streams.end(event.data);
  });
  // Shutting down: the streams end first, asking their browsers to come back (through the load balancer, to
  // another instance), so closing never waits on them.
  app.addHook("preClose", async () => {
    streams.closeAll(() => RECONNECT_MIN_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS));
  });
  app.addHook("onClose", async () => unsubscribeControl());

  // A live stream: its lifetime stays out of the request times (server/metrics/http-metrics.ts).
  const config = { access: "member", liveStream: true } as const;
  app.get("/api/events", { config, schema: eventsSchema }, async (request, reply) => {
    const { user, sessionId, token } = requireMember(request);
    const refusal = streams.refusal(user.id);
    if (refusal === "member_full") throw new AppError("rate_limited", "Too many live streams are open");
    if (refusal === "full") throw new AppError("unavailable", "Live updates are busy; try again shortly");
    const resumeFrom = feed.parse(
      request.headers["last-event-id"] ?? (request.query as { lastEventId?: unknown }).lastEventId,
    );
    const res = reply.raw;
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
    const write = boundedWriter(res, () => {
      request.log.info("live stream dropped: the reader fell behind");
      res.destroy();
      close();
    });
    const close = (reconnectAfterMs?: number) => {
      if (state === "closed") return;
      const wasOpen = state === "open";
      state = "closed";
      clearInterval(heartbeat);
      unsubscribe();
      remove();
      if (!wasOpen) return;
      if (reconnectAfterMs !== undefined) write(`retry: ${reconnectAfterMs}\n\n`);
      res.end();
    };
    const remove = streams.add({ userId: user.id, sessionId, close });
    const isClosed = () => state === "closed";

    let missed: MemberEvent[] = [];
    try {
      // Subscribed before the replay is read: an event is then either in the replay or arrives live.
      unsubscribe = await events.subscribe(user.id, (event) => {
        if (!isStreamed(event)) return;
        if (state === "opening") held.push(event);
        else if (state === "open") write(format(event));
      });
      if (resumeFrom !== undefined) missed = await feed.missedSince(user.id, resumeFrom);
    } catch (err) {
      close();
      throw err;
    }
    if (request.socket.destroyed) return void close();
    // Ended while it opened (its session ended, or this instance began shutting down).
    if (isClosed()) throw new AppError("unavailable", "Live updates are restarting; try again shortly");

    reply.hijack();
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    state = "open";
    const replayed = new Set(missed.filter(isStreamed).map(keyOf));
    const opening = [
      "retry: 5000\n\n",
      ...missed.filter(isStreamed).map(format),
      ...held.filter((event) => !replayed.has(keyOf(event))).map(format),
      // Where the stream stands, even before any event: what a reconnection sends back.
      `id: ${position}\nevent: ready\ndata: {}\n\n`,
    ];
    write(opening.join(""));
    // A backstop for sessions ended without an announcement (expiry, account deletion): re-check each beat.
    heartbeat = setInterval(() => {
      write(": keep-alive\n\n");
      sessions.resolve(token).then(
        (live) => live || close(),
        () => {},
      );
    }, HEARTBEAT_MS);
    res.on("close", () => close());
  });
};
