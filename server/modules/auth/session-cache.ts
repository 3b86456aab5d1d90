import type { ChangeFeed } from "#server/db/change-feed.ts";
import type { ProfileRow, SessionRow } from "#server/db/schema/index.ts";

/** A live session as the lookup reads it: the session and its member. */
export type LiveSession = { session: SessionRow; user: ProfileRow };

type Options = {
  changes: ChangeFeed;
  /** A safety net only: a change reaches the cache through the feed within milliseconds. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
};

/**
 * Live sessions by token hash, so a signed-in request (the 3-second analytics poll above all) needs no query.
 * An entry goes the moment the database says its session ended or its member's row changed (logout, password
 * change, deletion, role, subscription…: migration 0009), and everything goes while the feed is interrupted.
 */
export function createSessionCache({
  changes,
  ttlMs = 60_000,
  maxEntries = 100_000,
  now = Date.now,
}: Options) {
  const byToken = new Map<string, { live: LiveSession; storedAt: number }>();
  const tokenOfSession = new Map<string, string>();
  const tokensOfUser = new Map<string, Set<string>>();

  const drop = (tokenHash: string | undefined) => {
    const entry = tokenHash && byToken.get(tokenHash);
    if (!entry) return;
    byToken.delete(tokenHash);
    tokenOfSession.delete(entry.live.session.id);
    const tokens = tokensOfUser.get(entry.live.user.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) tokensOfUser.delete(entry.live.user.id);
  };
  const clear = () => {
    byToken.clear();
    tokenOfSession.clear();
    tokensOfUser.clear();
  };

  changes.subscribe(({ kind, id }) => {
    if (kind === "session") drop(tokenOfSession.get(id));
    else if (kind === "profile") for (const token of [...(tokensOfUser.get(id) ?? [])]) drop(token);
    else if (kind === "reset") clear();
  });

  const store = (tokenHash: string, live: LiveSession) => {
    drop(tokenHash);
    if (byToken.size >= maxEntries) drop(byToken.keys().next().value);
    byToken.set(tokenHash, { live, storedAt: now() });
    tokenOfSession.set(live.session.id, tokenHash);
    const tokens = tokensOfUser.get(live.user.id) ?? new Set();
    tokensOfUser.set(live.user.id, tokens.add(tokenHash));
  };

  return {
    /** The cached live session of a token hash, if any is known and still live at `at`. */
    get(tokenHash: string, at: Date): LiveSession | undefined {
      if (!changes.listening) return undefined;
      const entry = byToken.get(tokenHash);
      if (!entry) return undefined;
      if (now() - entry.storedAt > ttlMs || entry.live.session.expiresAt <= at) {
        drop(tokenHash);
        return undefined;
      }
      return entry.live;
    },

    /** Reads through `load` and keeps the answer, unless its session or member changed during the read. */
    async load(tokenHash: string, load: () => Promise<LiveSession | undefined>) {
      const mark = changes.mark();
      const live = await load();
      const changed =
        !live || changes.changedSince(mark, [`session:${live.session.id}`, `profile:${live.user.id}`]);
      if (live && !changed && changes.listening) store(tokenHash, live);
      return live;
    },

    /** After the lookup itself moved the expiry or the last activity: the entry follows, if there is one. */
    update(tokenHash: string, live: LiveSession) {
      const entry = byToken.get(tokenHash);
      if (entry) entry.live = live;
    },

    get size() {
      return byToken.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
