import { createRequire } from "node:module";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Redis } from "ioredis";

type Store = FastifyRateLimitStore & { read?: FastifyRateLimitStore["incr"] };
type Callback = Parameters<Store["incr"]>[1];
type RouteOptions = Parameters<Store["child"]>[0];
type StoreClass<A extends unknown[]> = new (...args: A) => Store;

// The plugin's own stores (no typings for these paths): Redis when it answers, in-process while it does not.
const require = createRequire(import.meta.url);
const RedisStore = require("@fastify/rate-limit/store/RedisStore.js") as StoreClass<
  [boolean, boolean, Redis, string]
>;
const LocalStore = require("@fastify/rate-limit/store/LocalStore.js") as StoreClass<[boolean, boolean]>;

/**
 * The plugin's in-process store answers every count with the one object it goes on counting in, and the plugin
 * reads it only after an await: requests that arrive at once would all read the count of the last of them and
 * all be refused, the first `max` too. This one answers each call with a copy taken when it counted, so
 * requests sent at once are told 1, 2, 3, … in turn and exactly `max` of them pass.
 */
class CountedLocalStore implements Store {
  /** The counters of budgets made with `createRateLimit` (no route): one store for all, as in Redis. */
  private named: Store | undefined;

  constructor(private readonly store: Store) {}

  private static snapshot(cb: Callback): Callback {
    return (err, result) => cb(err, result && { ...result });
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    this.store.incr(key, CountedLocalStore.snapshot(cb), timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number) {
    if (!this.store.read) return cb(new Error("rate-limit store has no read"));
    this.store.read(key, CountedLocalStore.snapshot(cb), timeWindow, max);
  }

  /**
   * A route's own counters; but budgets made with `createRateLimit` share one store, keyed by their names, so
   * two routes spending one named budget (the current password, say) count together here as they do in Redis.
   */
  child(routeOptions: RouteOptions): Store {
    const route = (routeOptions as { routeInfo?: { url?: string } }).routeInfo?.url;
    if (route !== undefined) return new CountedLocalStore(this.store.child(routeOptions));
    this.named ??= new CountedLocalStore(this.store.child(routeOptions));
    return this.named;
  }
}

/** The two settings of the plugin's options that its stores take, with the plugin's defaults. */
function storeSettings(options: object) {
  const params = options as { continueExceeding?: boolean; exponentialBackoff?: boolean };
  return {
    continueExceeding: params.continueExceeding ?? false,
    exponentialBackoff: params.exponentialBackoff ?? false,
  };
}

const localStore = (options: object) => {
  const { continueExceeding, exponentialBackoff } = storeSettings(options);
  return new CountedLocalStore(new LocalStore(continueExceeding, exponentialBackoff));
};

/** A @fastify/rate-limit `store` counting in this process (one instance, no Redis). */
export function localRateLimitStore(): FastifyRateLimitStoreCtor {
  return class extends CountedLocalStore {
    constructor(options: object) {
      super(localStore(options));
    }
  };
}

/** How long a rate-limit check waits for Redis before counting on this instance instead. */
const REDIS_ANSWER_MS = 500;

class FallbackStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly redis: Redis,
  ) {}

  private pick(method: "incr" | "read", key: string, cb: Callback, timeWindow: number, max: number) {
    const local = this.local[method]?.bind(this.local);
    const shared = this.shared[method]?.bind(this.shared);
    if (!local || !shared) return cb(new Error(`rate-limit store has no ${method}`));
    if (this.redis.status !== "ready") return local(key, cb, timeWindow, max);
    // A connection that dies mid-command may never answer: after a short wait this instance decides alone.
    let settled = false;
    const fallBack = () => {
      if (settled) return;
      settled = true;
      local(key, cb, timeWindow, max);
    };
    const timer = setTimeout(fallBack, REDIS_ANSWER_MS);
    shared(
      key,
      (err, result) => {
        clearTimeout(timer);
        if (err) return fallBack();
        if (settled) return;
        settled = true;
        cb(null, result);
      },
      timeWindow,
      max,
    );
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    this.pick("incr", key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number) {
    this.pick("read", key, cb, timeWindow, max);
  }

  child(routeOptions: RouteOptions): Store {
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.redis);
  }
}

/**
 * A @fastify/rate-limit `store`: limits shared through Redis, and per instance while Redis is unreachable
 * (rather than `skipOnError`, which would stop limiting altogether during an outage).
 */
export function fallbackRateLimitStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor(options: object) {
      const { continueExceeding, exponentialBackoff } = storeSettings(options);
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        localStore(options),
        redis,
      );
    }
  };
}
