import type { FastifyPluginAsync } from "fastify";
import { AppError } from "#server/lib/app-error.ts";
import type { EventBus, MemberEvent } from "#server/lib/event-bus.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import { requireMember } from "#server/plugins/auth.ts";
import { boundedWriter, createLiveStreams, SESSION_CONTROL } from "./live-streams.ts";

const HEARTBEAT_MS = 25_000;

type Deps = { events: EventBus; sessions: SessionsService };

/** GET /api/events: a server-sent events stream of new analytics events and notices for the signed-in member. */
export const eventsRoutes: FastifyPluginAsync<Deps> = async (app, { events, sessions }) => {
  const streams = createLiveStreams();
  const unsubscribeControl = events.subscribe(SESSION_CONTROL, (event) => {
    if (event.type === "session_ended") streams.end(event.data);
  });
  // Streams never end on their own: close them so the server can shut down.
  app.addHook("onClose", async () => {
    unsubscribeControl();
    streams.closeAll();
  });

  app.get("/api/events", { config: { access: "member" } }, (request, reply) => {
    const { user, sessionId, token } = requireMember(request);
    const refusal = streams.refusal(user.id);
    if (refusal === "member_full") throw new AppError("rate_limited", "Too many live streams are open");
    if (refusal === "full") throw new AppError("unavailable", "Live updates are busy; try again shortly");
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      remove();
      res.end();
    };
    const write = boundedWriter(res, () => {
      request.log.info("live stream dropped: the reader fell behind");
      res.destroy();
      close();
    });
    write("retry: 5000\n\n");
    const unsubscribe = events.subscribe(user.id, (event: MemberEvent) => {
      if (event.type === "analytics" || event.type === "notice")
        write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    });
    // A backstop for sessions ended without an announcement (expiry, account deletion): re-check each beat.
    const heartbeat = setInterval(() => {
      write(": keep-alive\n\n");
      sessions.resolve(token).then(
        (live) => live || close(),
        () => {},
      );
    }, HEARTBEAT_MS);
    const remove = streams.add({ userId: user.id, sessionId, close });
    request.raw.on("close", close);
  });
};
