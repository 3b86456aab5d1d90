import { EventEmitter } from "node:events";
import type { Redis } from "ioredis";

/** One session ended, or all of a member's sessions but one (a password change keeps the changing one). */
export type SessionEnd = { sessionId: string } | { userId: string; exceptSessionId?: string | undefined };

export type MemberEvent =
  | { type: "analytics"; data: unknown }
  | { type: "notice"; data: unknown }
  | { type: "session_ended"; data: SessionEnd };

/**
 * Fan-out of live events to a member's open streams. In-process by default; with Redis, every instance
 * publishes to and receives from one channel, so a stream on any instance gets events recorded on any other.
 * While Redis is unreachable events reach this instance's streams only, and fan-out resumes when it returns.
 */
export type EventBus = {
  publish(userId: string, event: MemberEvent): void;
  subscribe(userId: string, listener: (event: MemberEvent) => void): () => void;
  close(): Promise<void>;
};

const CHANNEL = "tagit:member-events";

export function createEventBus(redis?: { publisher: Redis; subscriber: Redis }): EventBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (userId: string, event: MemberEvent) => local.emit(userId, event);

  if (redis) {
    const { subscriber } = redis;
    // Subscribe on every (re)connection: a subscription refused while Redis was down is not retried by ioredis.
    const subscribe = () => subscriber.subscribe(CHANNEL).catch(() => {});
    subscriber.on("ready", subscribe);
    if (subscriber.status === "ready") void subscribe();
    subscriber.on("message", (_channel: string, message: string) => {
      try {
        const { userId, event } = JSON.parse(message) as { userId: string; event: MemberEvent };
        deliver(userId, event);
      } catch {
        // Not one of ours: ignore it rather than stop the subscription.
      }
    });
  }

  /** Through Redis only when both ends are connected; otherwise this instance's streams still get it. */
  const viaRedis = () => redis?.publisher.status === "ready" && redis.subscriber.status === "ready";

  return {
    publish(userId, event) {
      if (!redis || !viaRedis()) return void deliver(userId, event);
      redis.publisher.publish(CHANNEL, JSON.stringify({ userId, event })).catch(() => deliver(userId, event));
    },
    subscribe(userId, listener) {
      local.on(userId, listener);
      return () => local.off(userId, listener);
    },
    async close() {
      local.removeAllListeners();
      redis?.subscriber.disconnect();
    },
  };
}
