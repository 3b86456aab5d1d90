import type { FastifyPluginAsync } from "fastify";
import type { EventBus } from "#server/lib/event-bus.ts";
import { requireMember } from "#server/plugins/auth.ts";

const HEARTBEAT_MS = 25_000;

/** GET /api/events: a server-sent events stream of new analytics events for the signed-in member. */
export const eventsRoutes: FastifyPluginAsync<{ events: EventBus }> = async (app, { events }) => {
  const open = new Set<() => void>();
  // Streams never end on their own: close them so the server can shut down.
  app.addHook("onClose", async () => {
    for (const close of open) close();
  });

  app.get("/api/events", { config: { access: "member" } }, (request, reply) => {
    const userId = requireMember(request).user.id;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    res.write("retry: 5000\n\n");
    const unsubscribe = events.subscribe(userId, (event) => {
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(close);
      res.end();
    };
    open.add(close);
    request.raw.on("close", close);
  });
};
