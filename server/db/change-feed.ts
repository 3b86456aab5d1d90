import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "./client.ts";

/** What the database said changed (migration 0009): `kind:id`, e.g. `session:<id>`, `analytics:<owner id>`. */
export type Change = { kind: string; id: string };

/**
 * The database's change notifications, for the in-memory caches of every instance (decision 030). A cache may
 * serve only while `listening`; it stores what it read only if nothing it depends on changed meanwhile:
 * `mark()` before the read, `changedSince(mark, keys)` after.
 */
export type ChangeFeed = {
  readonly listening: boolean;
  /** Where the feed stands now. */
  mark(): number;
  /** Whether any of `keys` (`kind:id`) changed, or the feed was interrupted, after `mark`. */
  changedSince(mark: number, keys: readonly string[]): boolean;
  /** Every change; `{kind: "reset"}` when the feed was interrupted or a table emptied (anything may have changed). */
  subscribe(listener: (change: Change) => void): () => void;
  /**
   * Resolves once every change committed before the call has reached this instance's caches (a marker sent
   * now arrives after them: PostgreSQL delivers notifications in commit order), so a member's next request
   * reads their own writes.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
};

export const CHANGES_CHANNEL = "tagit_changes";
/** A read takes at most the query timeout (10 s); what changed longer ago than this cannot concern it. */
const REMEMBER_MS = 60_000;

/** How long `sync` waits for its marker before giving up (the feed is then likely interrupted, and says so). */
const SYNC_WAIT_MS = 1_000;

export async function openChangeFeed(
  database: Pick<DatabaseHandle, "listen" | "db" | "kind">,
  now: () => number = Date.now,
): Promise<ChangeFeed> {
  let listening = false;
  let sequence = 0;
  let interruptedAt = 0;
  /** The sequence and time of each key's latest change, oldest first. */
  const changed = new Map<string, { sequence: number; at: number }>();
  const listeners = new Set<(change: Change) => void>();
  const markers = new Map<string, () => void>();
  const emit = (change: Change) => {
    for (const listener of listeners) listener(change);
  };

  const forgetOld = (at: number) => {
    for (const [key, entry] of changed) {
      if (at - entry.at < REMEMBER_MS) break;
      changed.delete(key);
    }
  };

  const onNotify = (payload: string) => {
    if (payload.startsWith("sync:")) {
      markers.get(payload)?.();
      return;
    }
    const at = now();
    sequence += 1;
    changed.delete(payload);
    changed.set(payload, { sequence, at });
    forgetOld(at);
    const split = payload.indexOf(":");
    const kind = payload.slice(0, split);
    if (kind === "reset") interruptedAt = sequence;
    emit({ kind, id: payload.slice(split + 1) });
  };

  const onListening = (listeningNow: boolean) => {
    listening = listeningNow;
    sequence += 1;
    interruptedAt = sequence;
    emit({ kind: "reset", id: "" });
  };

  const stop = await database.listen(CHANGES_CHANNEL, onNotify, onListening);
  return {
    get listening() {
      return listening;
    },
    mark: () => sequence,
    changedSince: (mark, keys) =>
      interruptedAt > mark || keys.some((key) => (changed.get(key)?.sequence ?? 0) > mark),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async sync() {
      // PGlite is this process's one backend: it hands its own notifications to the listeners (as microtasks)
      // while it answers the committing query, so they have arrived by the time a write resolves.
      if (!listening || database.kind === "pglite") return;
      const marker = `sync:${randomUUID()}`;
      const cancel = new AbortController();
      const arrived = new Promise<void>((resolve) => markers.set(marker, resolve));
      try {
        await database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${marker})`);
        await Promise.race([arrived, sleep(SYNC_WAIT_MS, undefined, { signal: cancel.signal })]);
      } finally {
        cancel.abort();
        markers.delete(marker);
      }
    },
    async close() {
      listening = false;
      listeners.clear();
      await stop();
    },
  };
}
