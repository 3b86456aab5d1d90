import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CHANGES_CHANNEL, type ChangeFeed, openChangeFeed } from "./change-feed.ts";
import { openDatabase } from "./client.ts";

/** A database whose notifications the test sends by hand; the NOTIFYs the feed sends are kept in `sent`. */
async function fakeFeed(): Promise<{
  feed: ChangeFeed;
  notify: (p: string) => void;
  drop: () => void;
  sent: string[];
}> {
  const sent: string[] = [];
  let deliver: (payload: string) => void = () => {};
  let setListening: (listening: boolean) => void = () => {};
  const database = {
    kind: "postgres",
    listen: async (_channel: string, onNotify: typeof deliver, onListening: typeof setListening) => {
      deliver = onNotify;
      setListening = onListening;
      onListening(true);
      return async () => {};
    },
    db: {
      execute: async (query: { queryChunks: unknown[] }) => {
        const marker = JSON.stringify(query).match(/sync:[0-9a-f-]+/)?.[0];
        if (marker) sent.push(marker);
      },
    },
  } as unknown as Parameters<typeof openChangeFeed>[0];
  const feed = await openChangeFeed(database);
  return { feed, notify: (payload) => deliver(payload), drop: () => setListening(false), sent };
}

describe("the change feed", () => {
  it("tells a reader whether what it read changed while it read", async () => {
    const { feed, notify } = await fakeFeed();
    notify("profile:ada");
    const mark = feed.mark();
    expect(feed.changedSince(mark, ["profile:ada"])).toBe(false);
    notify("profile:bob");
    expect(feed.changedSince(mark, ["profile:ada"])).toBe(false);
    expect(feed.changedSince(mark, ["profile:bob"])).toBe(true);
  });

  it("passes each change on as kind and id, and an emptied table as a reset", async () => {
    const { feed, notify } = await fakeFeed();
    const seen: string[] = [];
    feed.subscribe(({ kind, id }) => seen.push(`${kind}/${id}`));
    notify("analytics:owner-1");
    notify("reset:sessions");
    expect(seen).toEqual(["analytics/owner-1", "reset/sessions"]);
  });

  it("counts a reset or a lost connection as a change of everything, and stops serving until it listens again", async () => {
    const { feed, notify, drop } = await fakeFeed();
    const mark = feed.mark();
    notify("reset:profiles");
    expect(feed.changedSince(mark, ["session:x"])).toBe(true);
    const later = feed.mark();
    drop();
    expect(feed.listening).toBe(false);
    expect(feed.changedSince(later, [])).toBe(true);
  });

  it("syncs only once its own marker comes back (after every change committed before it)", async () => {
    const { feed, notify, sent } = await fakeFeed();
    let synced = false;
    const syncing = feed.sync().then(() => {
      synced = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(1);
    notify("sync:someone-else");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(synced).toBe(false);
    notify(sent[0] ?? "");
    await syncing;
    expect(synced).toBe(true);
  });

  it("syncs at once when it is not listening (the caches are not serving then)", async () => {
    const { feed, drop, sent } = await fakeFeed();
    drop();
    await feed.sync();
    expect(sent).toHaveLength(0);
  });

  it("on PGlite has heard of a write by the time it resolves, so a sync has nothing to wait for", async () => {
    const database = await openDatabase({ kind: "pglite" });
    try {
      const feed = await openChangeFeed(database);
      const mark = feed.mark();
      await database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, 'profile:ada')`);
      expect(feed.changedSince(mark, ["profile:ada"])).toBe(true);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, 'session:s1')`);
      });
      expect(feed.changedSince(mark, ["session:s1"])).toBe(true);
      await feed.close();
    } finally {
      await database.close();
    }
  });
});
