import {
  ADMIN_SESSION_TTL_HOURS,
  LAST_ACTIVE_WRITE_INTERVAL_MINUTES,
  SESSION_TTL_DAYS,
} from "#contract/limits.ts";
import type { InTransaction } from "#server/db/inactive.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import type { Clock } from "#server/lib/clock.ts";
import { hashToken, newToken } from "#server/lib/tokens.ts";
import type { SessionCache } from "./session-cache.ts";
import type { SessionsRepository } from "./sessions.repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY_MS;
/** Sliding expiry is written at most once a day per session, not on every request. */
const EXTEND_AFTER_MS = DAY_MS;
/** `profiles.lastActive` is compared with the value the session lookup already read: no extra query. */
const LAST_ACTIVE_WRITE_MS = LAST_ACTIVE_WRITE_INTERVAL_MINUTES * 60 * 1000;

export type CurrentSession = {
  sessionId: string;
  token: string;
  user: ProfileRow;
  expiresAt: Date;
  renewed: boolean;
  /** Whether the admin session passed to `resolve` is live for this session. */
  adminUnlocked: boolean;
};

type Deps = {
  sessionsRepo: SessionsRepository;
  cache: SessionCache;
  clock: Clock;
  transact: Transact;
  sessionsRepoOn: (tx: Tx) => SessionsRepository;
};

export function createSessionsService({ sessionsRepo, cache, clock, transact, sessionsRepoOn }: Deps) {
  return {
    /** The data cleanup: sessions not used since `before` (expired ones included). */
    findInactive: (before: Date, limit: number) => sessionsRepo.findIdle(before, limit),

    /** Ends those of `ids` still idle; `inTransaction` runs with what went, in the same transaction. */
    deleteInactive: (ids: string[], before: Date, inTransaction: InTransaction) =>
      transact(async (tx) => {
        const deleted = await sessionsRepoOn(tx).deleteIdle(ids, before);
        await inTransaction(tx, deleted);
        return deleted.length;
      }),

    async start(userId: string, meta: { userAgent?: string; ipAddress?: string }) {
      const token = newToken();
      const expiresAt = new Date(clock.now().getTime() + SESSION_TTL_MS);
      await sessionsRepo.insert({ tokenHash: hashToken(token), userId, expiresAt, ...meta });
      return { token, expiresAt };
    },

    /**
     * Resolves a cookie or bearer token to its member, sliding the expiry forward when it is due and moving
     * the member's last activity when the stored one is older than the write interval. With `adminToken` (an
     * admin panel request) it also says whether that admin session is unlocked for it, in the same query.
     */
    async resolve(token: string, adminToken?: string): Promise<CurrentSession | undefined> {
      const now = clock.now();
      const tokenHash = hashToken(token);
      // An admin panel request always asks the database: its admin session is not cached.
      const found = adminToken
        ? await sessionsRepo.findLiveUnlocked(tokenHash, hashToken(adminToken), now)
        : (cache.get(tokenHash, now) ??
          (await cache.load(tokenHash, () => sessionsRepo.findLive(tokenHash, now))));
      if (!found) return undefined;
      let { session, user } = found;
      const renewed = session.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - EXTEND_AFTER_MS;
      if (renewed) {
        session = { ...session, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) };
        await sessionsRepo.extend(session.id, session.expiresAt);
      }
      const lastActive = user.lastActive?.getTime();
      if (lastActive === undefined || now.getTime() - lastActive >= LAST_ACTIVE_WRITE_MS) {
        await sessionsRepo.touchLastActive(user.id, now);
        user = { ...user, lastActive: now };
      }
      if (renewed || user !== found.user) cache.update(tokenHash, { session, user });
      const adminUnlocked = "unlocked" in found && found.unlocked === true;
      return { sessionId: session.id, token, user, expiresAt: session.expiresAt, renewed, adminUnlocked };
    },

    end: (sessionId: string) => sessionsRepo.delete(sessionId),

    deleteExpired: () => sessionsRepo.deleteExpired(clock.now()),

    endAllForUser: (userId: string, exceptSessionId?: string) =>
      sessionsRepo.deleteAllForUser(userId, exceptSessionId),

    async startAdmin(userId: string, sessionId: string) {
      const token = newToken();
      const expiresAt = new Date(clock.now().getTime() + ADMIN_SESSION_TTL_HOURS * 60 * 60 * 1000);
      await sessionsRepo.insertAdmin({ tokenHash: hashToken(token), userId, sessionId, expiresAt });
      return token;
    },

    /** Ends an admin session (the panel's Lock button); the member session stays signed in. */
    async endAdmin(adminToken: string) {
      await sessionsRepo.deleteAdmin(hashToken(adminToken));
    },

    async adminSessionValid(adminToken: string, sessionId: string) {
      return Boolean(await sessionsRepo.findLiveAdmin(hashToken(adminToken), sessionId, clock.now()));
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
