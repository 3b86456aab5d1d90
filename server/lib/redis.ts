import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

type Log = Pick<FastifyBaseLogger, "warn" | "info">;

/**
 * The app's two Redis connections (commands, and the subscriber a subscribed connection must be). ioredis
 * reconnects on its own; without an `error` listener every failed attempt is an unhandled error event, so the
 * outage is logged once per connection and its end once.
 */
export function connectRedis(url: string, log: Log) {
  // Commands fail at once while disconnected (the callers fall back to this instance) instead of queueing.
  const client = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  const subscriber = client.duplicate({ enableOfflineQueue: true });
  for (const [name, connection] of [
    ["commands", client],
    ["subscriber", subscriber],
  ] as const) {
    let down = false;
    connection.on("error", (err: Error) => {
      if (!down)
        log.warn({ connection: name, reason: err.message }, "redis unreachable; working per instance");
      down = true;
    });
    connection.on("ready", () => {
      if (down) log.info({ connection: name }, "redis back");
      down = false;
    });
  }
  return { client, subscriber, isReady: () => client.status === "ready" };
}
