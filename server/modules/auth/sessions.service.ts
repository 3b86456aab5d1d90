import type { SignedInSession } from "#contract/api/sessions.ts";
import { MESSAGES } from "#contract/errors.ts";
import {
  ADMIN_SESSION_IDLE_MINUTES,
  RECENT_AUTHENTICATION_MINUTES,
  SESSION_TTL_DAYS,
} from "#contract/limits.ts";
import type { GuessLockout } from "#server/db/guess-counters.ts";
import type { InTransaction } from "#server/db/inactive.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import { addDays, nextUtcMidnight, utcDay } from "#server/lib/days.ts";
import { verifyPassword } from "#server/lib/passwords.ts";
import { hashToken, newToken } from "#server/lib/tokens.ts";
import { deviceLabel } from "./device-label.ts";
import type { SessionCache } from "./session-cache.ts";
import type { SessionsRepository } from "./sessions.repository.ts";

/**
 * A session used at `at` expires at the first UTC midnight at least SESSION_TTL_DAYS later: the expiry names a
 * day, never the time of day the member came. It slides forward when that day moves on, so it is written at
 * most once a UTC day per session, and the day of the last use is always the expiry less SESSION_TTL_DAYS + 1.
 */
export const sessionExpiryAfter = (at: Date) => nextUtcMidnight(addDays(at, SESSION_TTL_DAYS));

/** An admin session used at `at` expires ADMIN_SESSION_IDLE_MINUTES later. */
const adminExpiryAfter = (at: Date) => new Date(at.getTime() + ADMIN_SESSION_IDLE_MINUTES * 60_000);
/**
 * Admin activity slides the expiry only once it would move by at least this much, so a busy panel writes at
 * most once a minute; the unlock then ends between 29 and 30 minutes after the last admin call.
 */
const ADMIN_SLIDE_STEP_MS = 60_000;

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
      const now = clock.now();
      const expiresAt = sessionExpiryAfter(now);
      await sessionsRepo.insert({ tokenHash: hashToken(token), userId, expiresAt, createdAt: now, ...meta });
      return { token, expiresAt };
    },

    /**
     * Resolves a cookie or bearer token to its member, sliding the expiry forward when it is due (a new UTC day)
     * and moving the member's last active day when the stored one is not today's (both compared with what the
     * session lookup read: no extra query). With `adminToken` (an admin panel request) it also says whether
     * that admin session is unlocked for it, in the same query, and slides its expiry (admin activity).
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
      const expiresAt = sessionExpiryAfter(now);
      const renewed = expiresAt.getTime() > session.expiresAt.getTime();
      if (renewed) {
        session = { ...session, expiresAt };
        await sessionsRepo.extend(session.id, expiresAt);
      }
      const today = utcDay(now);
      if (user.lastActive !== today) {
        await sessionsRepo.touchLastActive(user.id, today);
        user = { ...user, lastActive: today };
      }
      if (renewed || user !== found.user) cache.update(tokenHash, { session, user });
      const adminExpiresAt =
        "adminExpiresAt" in found && found.adminExpiresAt instanceof Date ? found.adminExpiresAt : null;
      const adminUnlocked = adminToken !== undefined && adminExpiresAt !== null;
      if (adminToken !== undefined && adminExpiresAt !== null) {
        const slid = adminExpiryAfter(now);
        if (slid.getTime() - adminExpiresAt.getTime() >= ADMIN_SLIDE_STEP_MS) {
          await sessionsRepo.extendAdmin(hashToken(adminToken), slid);
        }
      }
      return { sessionId: session.id, token, user, expiresAt: session.expiresAt, renewed, adminUnlocked };
    },

    end: (sessionId: string) => sessionsRepo.delete(sessionId),

    deleteExpired: () => sessionsRepo.deleteExpired(clock.now()),

    /** Ends every session of a member but `exceptSessionId`; answers how many ended. */
    endAllForUser: (userId: string, exceptSessionId?: string): Promise<number> =>
      sessionsRepo.deleteAllForUser(userId, exceptSessionId),

    /** Where a member is signed in: this session first, then the others, most recently used first. */
    async listForUser(userId: string, currentSessionId: string): Promise<SignedInSession[]> {
      const rows = await sessionsRepo.listLive(userId, clock.now());
      const ordered = [
        ...rows.filter((row) => row.id === currentSessionId),
        ...rows.filter((row) => row.id !== currentSessionId),
      ];
      return ordered.map((row) => ({
        id: row.id,
        current: row.id === currentSessionId,
        createdAt: row.createdAt.toISOString(),
        lastActiveDay: utcDay(row.lastUsed),
        device: deviceLabel(row.userAgent),
      }));
    },

    /**
     * The member enters their password again in this session: it counts as a recent sign-in for a while.
     * A wrong password is `wrong_password` and changes nothing.
     */
    async reauthenticate(user: ProfileRow, sessionId: string, currentPassword: string) {
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw new AppError("wrong_password", MESSAGES.wrongCurrentPassword, {
          currentPassword: MESSAGES.wrongCurrentPassword,
        });
      }
      await sessionsRepo.markReauthenticated(sessionId, clock.now());
    },

    /** The member proved themselves in this session another way (a code, a passkey). */
    markReauthenticated: (sessionId: string) => sessionsRepo.markReauthenticated(sessionId, clock.now()),

    /**
     * Whether the session has a recent sign-in: it signed in, or its member confirmed it was them, within
     * RECENT_AUTHENTICATION_MINUTES. Read from the database, not the session cache, so a confirmation on one
     * instance counts on every other at once.
     */
    async recentlyAuthenticated(sessionId: string) {
      const at = await sessionsRepo.lastAuthenticatedAt(sessionId);
      return (
        at !== undefined && clock.now().getTime() - at.getTime() < RECENT_AUTHENTICATION_MINUTES * 60_000
      );
    },

    /** Whether `sessionId` is one of the member's live sessions (what they may sign out). */
    isLiveOf: (userId: string, sessionId: string) => sessionsRepo.isLiveOf(userId, sessionId, clock.now()),

    /** Reserves one admin-unlock try before it is checked (the admin session service holds the limits). */
    reserveAdminUnlock: (userId: string, lockout: GuessLockout) =>
      sessionsRepo.reserveAdminUnlock(userId, clock.now(), lockout),
    giveBackAdminUnlock: (userId: string, lockoutAfter: number) =>
      sessionsRepo.giveBackAdminUnlock(userId, lockoutAfter),
    clearAdminUnlockFailures: (userId: string) => sessionsRepo.clearAdminUnlockFailures(userId),

    /**
     * Opens an admin session bound to the member session `sessionId`: it lives while admin calls keep coming
     * (see `resolve`), until Lock, or until that member session ends (the row goes with it).
     */
    async startAdmin(userId: string, sessionId: string) {
      const token = newToken();
      const expiresAt = adminExpiryAfter(clock.now());
      await sessionsRepo.insertAdmin({ tokenHash: hashToken(token), userId, sessionId, expiresAt });
      return token;
    },

    /** Ends an admin session (the panel's Lock button); the member session stays signed in. */
    async endAdmin(adminToken: string) {
      await sessionsRepo.deleteAdmin(hashToken(adminToken));
    },

    /** Ends every admin session of a member whose administrator role was removed, on the caller's transaction. */
    endAllAdminFor: (userId: string, tx: Tx) => sessionsRepoOn(tx).deleteAllAdminFor(userId),

    deleteExpiredAdmin: () => sessionsRepo.deleteExpiredAdmin(clock.now()),

    async adminSessionValid(adminToken: string, sessionId: string) {
      return Boolean(await sessionsRepo.findLiveAdmin(hashToken(adminToken), sessionId, clock.now()));
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
