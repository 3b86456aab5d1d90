import type { Redis } from "ioredis";

/** How many claims pass between sweeps of the expired keys held in memory. */
const SWEEP_EVERY = 1_000;

/**
 * Keys remembered for a short while, to recognise a repeat (a visitor's same search within seconds): shared
 * through Redis when it answers, in this process otherwise. Nothing here is written to the database.
 */
export type RecentKeys = {
  /** True when `key` was not seen within the last `ttlMs` (and remembers it now); false for a repeat. */
  claim(key: string, ttlMs: number): Promise<boolean>;
};

export function createRecentKeys(redis?: Redis, now: () => number = Date.now): RecentKeys {
  const local = new Map<string, number>();
  let claims = 0;

  const claimLocally = (key: string, ttlMs: number) => {
    const at = now();
    if (++claims % SWEEP_EVERY === 0) {
      for (const [held, expiresAt] of local) if (expiresAt <= at) local.delete(held);
    }
    const expiresAt = local.get(key);
    if (expiresAt !== undefined && expiresAt > at) return false;
    local.set(key, at + ttlMs);
    return true;
  };

  return {
    async claim(key, ttlMs) {
      if (redis?.status !== "ready") return claimLocally(key, ttlMs);
      try {
        return (await redis.set(`tagit:recent:${key}`, "1", "PX", ttlMs, "NX")) === "OK";
      } catch {
        return claimLocally(key, ttlMs);
      }
    },
  };
}
