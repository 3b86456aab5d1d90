import type { Redis } from "ioredis";

/** How many reservations pass between sweeps of the ended windows held in memory. */
const SWEEP_EVERY = 1_000;

/**
 * Takes one try from the key's window: starts the window at the first, and refuses (taking nothing) past `max`.
 * KEYS[1] the counter; ARGV[1] the window in ms, ARGV[2] max. Answers 0 when the try was taken, else the
 * milliseconds until the window ends.
 */
const RESERVE = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if count > tonumber(ARGV[2]) then
  redis.call('DECR', KEYS[1])
  return math.max(redis.call('PTTL', KEYS[1]), 1)
end
return 0`;

/** Gives one try back, never below zero (nothing is given to a window that has ended and not begun again). */
const GIVE_BACK = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * A budget of failed tries per key (a client's address, say) in a fixed window: a try is reserved before the
 * secret is checked, so tries sent at once take their places one by one and no more than `max` are ever
 * checked, and it is given back when it did not fail, so a success spends nothing. Counted in Redis when it
 * answers (every instance shares the budget), in this process otherwise. @fastify/rate-limit's stores cannot
 * give a try back, hence this.
 */
export type FailureBudget = {
  /**
   * Takes one try under `key`: 0 when taken; when the window's budget is spent, the milliseconds until it ends
   * (and nothing is taken).
   */
  reserve(key: string): Promise<number>;
  /** Gives back a try `reserve` took, once it turned out not to be a failure. */
  giveBack(key: string): Promise<void>;
};

type Options = { name: string; max: number; windowMs: number; redis?: Redis; now?: () => number };

export function createFailureBudget({ name, max, windowMs, redis, now = Date.now }: Options): FailureBudget {
  const local = new Map<string, { count: number; endsAt: number }>();
  let reservations = 0;
  const redisKey = (key: string) => `tagit:failures:${name}:${key}`;

  const reserveLocally = (key: string) => {
    const at = now();
    if (++reservations % SWEEP_EVERY === 0) {
      for (const [held, window] of local) if (window.endsAt <= at) local.delete(held);
    }
    const window = local.get(key);
    if (!window || window.endsAt <= at) {
      local.set(key, { count: 1, endsAt: at + windowMs });
      return 0;
    }
    if (window.count >= max) return window.endsAt - at;
    window.count += 1;
    return 0;
  };

  const giveBackLocally = (key: string) => {
    const window = local.get(key);
    if (window && window.endsAt > now() && window.count > 0) window.count -= 1;
  };

  return {
    async reserve(key) {
      if (redis?.status !== "ready") return reserveLocally(key);
      try {
        return Number(await redis.eval(RESERVE, 1, redisKey(key), windowMs, max));
      } catch {
        return reserveLocally(key);
      }
    },
    async giveBack(key) {
      if (redis?.status !== "ready") return giveBackLocally(key);
      try {
        await redis.eval(GIVE_BACK, 1, redisKey(key));
      } catch {
        giveBackLocally(key);
      }
    },
  };
}
