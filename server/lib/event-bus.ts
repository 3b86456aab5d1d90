import { EventEmitter } from "node:events";
import type { Redis } from "ioredis";

/** One session ended, or all of a member's sessions but one (a password change keeps the changing one). */
export type SessionEnd = { sessionId: string } | { userId: string; exceptSessionId?: string | undefined };

export type MemberEvent =
  | { type: "analytics"; data: unknown }
  | { type: "notice"; data: unknown }
  | { type: "session_ended"; data: SessionEnd };

/**
 * Fan-out of live events to a member's open streams. In-process by default; with Redis, each member has a
 * channel of their own and an instance subscribes to it only while it holds a listener for that member, so an
 * event reaches the instances holding that member's streams and no other (decision 034). While Redis is
 * unreachable events reach this instance's streams only, and fan-out resumes when it returns.
 */
export type EventBus = {
  publish(userId: string, event: MemberEvent): void;
  /**
   * Delivers `userId`'s events to `listener`. Resolves, with how to stop, once events published on any
   * instance will arrive (with Redis: subscribed; while Redis is down, at once).
   */
  subscribe(userId: string, listener: (event: MemberEvent) => void): Promise<() => void>;
  close(): Promise<void>;
};

const CHANNEL_PREFIX = "tagit:member-events:";

export function createEventBus(redis?: { publisher: Redis; subscriber: Redis }): EventBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (userId: string, event: MemberEvent) => local.emit(userId, event);
  /** The Redis subscription of each member this instance listens for (settled once it is in place). */
  const subscriptions = new Map<string, Promise<void>>();

  /** A subscription refused while Redis was down is not retried by ioredis: renew them all on each reconnection. */
  const subscribeOnRedis = (...userIds: string[]): Promise<void> => {
    const subscriber = redis?.subscriber;
    if (subscriber?.status !== "ready" || userIds.length === 0) return Promise.resolve();
    return subscriber.subscribe(...userIds.map((id) => CHANNEL_PREFIX + id)).then(
      () => {},
      () => {},
    );
  };

  if (redis) {
    const { subscriber } = redis;
    subscriber.on("ready", () => void subscribeOnRedis(...(local.eventNames() as string[])));
    subscriber.on("message", (channel: string, message: string) => {
      if (!channel.startsWith(CHANNEL_PREFIX)) return;
      try {
        deliver(channel.slice(CHANNEL_PREFIX.length), JSON.parse(message) as MemberEvent);
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
      redis.publisher
        .publish(CHANNEL_PREFIX + userId, JSON.stringify(event))
        .catch(() => deliver(userId, event));
    },
    async subscribe(userId, listener) {
      local.on(userId, listener);
      let subscribed = subscriptions.get(userId);
      if (!subscribed) {
        subscribed = subscribeOnRedis(userId);
        subscriptions.set(userId, subscribed);
      }
      await subscribed;
      return () => {
        local.off(userId, listener);
        if (local.listenerCount(userId) > 0) return;
        subscriptions.delete(userId);
        if (redis?.subscriber.status === "ready") {
          redis.subscriber.unsubscribe(CHANNEL_PREFIX + userId).catch(() => {});
        }
      };
    },
    async close() {
      local.removeAllListeners();
      subscriptions.clear();
      redis?.subscriber.disconnect();
    },
  };
}
