import { describe, expect, it } from "vitest";
import type { Change, ChangeFeed } from "#server/db/change-feed.ts";
import type { ProfileRow, SessionRow } from "#server/db/schema/index.ts";
import { createSessionCache, type LiveSession } from "./session-cache.ts";

/** A feed the test drives: `change` notifies, `listening` switches. */
function manualFeed() {
  let sequence = 0;
  const changed = new Map<string, number>();
  const listeners = new Set<(change: Change) => void>();
  const feed = {
    listening: true,
    mark: () => sequence,
    changedSince: (mark: number, keys: readonly string[]) =>
      keys.some((key) => (changed.get(key) ?? 0) > mark),
    subscribe(listener: (change: Change) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sync: async () => {},
    close: async () => {},
    change(kind: string, id: string) {
      sequence += 1;
      changed.set(`${kind}:${id}`, sequence);
      for (const listener of listeners) listener({ kind, id });
    },
  };
  return feed satisfies ChangeFeed & { change: unknown };
}

const NOW = new Date("2026-11-24T12:00:00Z");
const live = (sessionId: string, userId: string, expiresAt = new Date(NOW.getTime() + 86_400_000)) =>
  ({
    session: { id: sessionId, userId, expiresAt } as SessionRow,
    user: { id: userId } as ProfileRow,
  }) satisfies LiveSession;

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const feed = manualFeed();
  let now = NOW.getTime();
  const cache = createSessionCache({ changes: feed, now: () => now, ...options });
  return { feed, cache, advance: (ms: number) => (now += ms) };
}

describe("the session cache", () => {
  it("serves a loaded session until its session ends or its member changes", async () => {
    const { feed, cache } = setup();
    await cache.load("t1", async () => live("s1", "ada"));
    await cache.load("t2", async () => live("s2", "ada"));
    await cache.load("t3", async () => live("s3", "bob"));
    expect(cache.get("t1", NOW)?.session.id).toBe("s1");

    feed.change("session", "s1");
    expect(cache.get("t1", NOW)).toBeUndefined();
    expect(cache.get("t2", NOW)).toBeDefined();

    feed.change("profile", "ada");
    expect(cache.get("t2", NOW)).toBeUndefined();
    expect(cache.get("t3", NOW)?.user.id).toBe("bob");

    feed.change("reset", "sessions");
    expect(cache.size).toBe(0);
  });

  it("does not keep a session that changed while it was being read", async () => {
    const { feed, cache } = setup();
    await cache.load("t1", async () => {
      feed.change("profile", "ada");
      return live("s1", "ada");
    });
    expect(cache.get("t1", NOW)).toBeUndefined();
  });

  it("serves nothing while the feed is not listening, and nothing expired or older than its lifetime", async () => {
    const { feed, cache, advance } = setup({ ttlMs: 1_000 });
    await cache.load("t1", async () => live("s1", "ada"));
    feed.listening = false;
    expect(cache.get("t1", NOW)).toBeUndefined();
    feed.listening = true;
    expect(cache.get("t1", new Date(NOW.getTime() + 2 * 86_400_000))).toBeUndefined();

    await cache.load("t2", async () => live("s2", "bob"));
    advance(1_001);
    expect(cache.get("t2", NOW)).toBeUndefined();
  });

  it("keeps at most its maximum, forgetting the oldest first", async () => {
    const { cache } = setup({ maxEntries: 2 });
    for (const n of [1, 2, 3]) await cache.load(`t${n}`, async () => live(`s${n}`, `u${n}`));
    expect(cache.size).toBe(2);
    expect(cache.get("t1", NOW)).toBeUndefined();
    expect(cache.get("t3", NOW)).toBeDefined();
  });
});
