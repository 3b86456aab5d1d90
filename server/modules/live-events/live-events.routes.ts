import type { FastifyPluginAsync, FastifySchema } from "fastify";
import {
  liveEventStreamSchema,
  liveEventsHeadersSchema,
  liveEventsQuerySchema,
} from "#contract/api/live-events.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { LiveEventsService } from "./live-events.service.ts";
import { boundedWriter } from "./live-streams.ts";

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
  headers: liveEventsHeadersSchema,
  querystring: liveEventsQuerySchema,
  response: {
    200: {
      description: "The stream, open until the session ends or the client leaves.",
      content: { "text/event-stream": { schema: liveEventStreamSchema } },
    },
  },
} satisfies FastifySchema;

/**
 * GET /api/events: a server-sent events stream of new analytics events and notices for the signed-in member
 * (`live-events.service.ts` says what it carries and when it ends). The route only opens the response.
 */
export const liveEventsRoutes: FastifyPluginAsync<{ liveEventsService: LiveEventsService }> = async (
  app,
  { liveEventsService },
) => {
  // Filed with analytics in the API document: the stream carries the analytics and notices its lists show.
  app.addHook("onRoute", documentedUnder("Analytics"));
  const stopFollowing = await liveEventsService.followSessionEnds();
  // Shutting down: the streams end first, asking their browsers to come back, so closing never waits on them.
  app.addHook("preClose", async () => liveEventsService.closeAll());
  app.addHook("onClose", async () => stopFollowing());

  // A live stream: its lifetime stays out of the request times (server/metrics/http-metrics.ts).
  const config = { access: "member", liveStream: true } as const;
  app.get("/api/events", { config, schema: eventsSchema }, async (request, reply) => {
    const res = reply.raw;
    const write = boundedWriter(res, () => {
      request.log.info("live stream dropped: the reader fell behind");
      res.destroy();
      stream.close();
    });
    const stream = await liveEventsService.open(
      requireMember(request),
      request.headers["last-event-id"] ?? (request.query as { lastEventId?: unknown }).lastEventId,
      { write, end: () => res.end() },
    );
    if (request.socket.destroyed) return void stream.close();

    stream.start(() => {
      reply.hijack();
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
    });
    res.on("close", () => stream.close());
  });
};
