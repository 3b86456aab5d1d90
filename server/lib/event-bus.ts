import { EventEmitter } from "node:events";
import type { Redis } from "ioredis";

/** One session ended, or all of a member's sessions but one (a password change keeps the changing one). */
export type SessionEnd = { sessionId: string } | { userId: string; exceptSessionId?: string | undefined };

export type MemberEvent = { type: "analytics"; data: unknown } | { type: "session_ended"; data: SessionEnd };

/**
 * Fan-out of live events to a member's open streams. In-process by default; with Redis, every instance
 * publishes to and receives from one channel, so a stream on any instance gets events recorded on any other.
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
    void redis.subscriber.subscribe(CHANNEL);
    redis.subscriber.on("message", (_channel: string, message: string) => {
      const { userId, event } = JSON.parse(message) as { userId: string; event: MemberEvent };
      deliver(userId, event);
    });
  }

  return {
    publish(userId, event) {
      if (redis) void redis.publisher.publish(CHANNEL, JSON.stringify({ userId, event }));
      else deliver(userId, event);
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
