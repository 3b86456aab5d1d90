import { and, asc, count, desc, eq, gt, inArray, lt, lte, ne, sql } from "drizzle-orm";
import { SESSION_TTL_DAYS } from "#contract/limits.ts";
import type { Database } from "#server/db/client.ts";
import { type GuessLockout, givenBack, notLockedOut } from "#server/db/guess-counters.ts";
import type { InactivePage, InactiveRow } from "#server/db/inactive.ts";
import { adminSessions, profiles, sessions } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";
import { addDays, startOfUtcDay } from "#server/lib/days.ts";

/** A session's expiry is the UTC midnight that ends the day of its last use, plus SESSION_TTL_DAYS. */
const LAST_USE_BEFORE_EXPIRY_DAYS = SESSION_TTL_DAYS + 1;
/**
 * The day a session was last used, as its UTC midnight: the expiry slides to the first midnight at least 30
 * days after a use, so the last use fell in the day that starts 31 days before it. Never finer than the day.
 */
const lastUsed =
  sql<Date>`date_trunc('day', ${sessions.expiresAt} - make_interval(days => ${LAST_USE_BEFORE_EXPIRY_DAYS}), 'UTC')`.mapWith(
    sessions.expiresAt,
  );
/**
 * Idle since `before`: the day of its last use lies wholly before the cutoff's day (an expired session was
 * idle for 30 days before it expired, so it is idle too).
 */
const idleSince = (before: Date) =>
  lt(sessions.expiresAt, addDays(startOfUtcDay(before), LAST_USE_BEFORE_EXPIRY_DAYS));
const idleColumns = { id: sessions.id, identifier: profiles.email, lastActivity: lastUsed };

/** The session of a token hash, unexpired at `now` (both placeholders). */
const liveByToken = and(
  eq(sessions.tokenHash, sql.placeholder("tokenHash")),
  gt(sessions.expiresAt, sql.placeholder("now")),
);
/** When the admin session of `adminTokenHash` expires, if it is live for that session; otherwise null. */
const adminExpiresAt = sql`(
  select ${adminSessions.expiresAt} from ${adminSessions}
  where ${adminSessions.tokenHash} = ${sql.placeholder("adminTokenHash")}
  and ${adminSessions.sessionId} = ${sessions.id} and ${adminSessions.expiresAt} > ${sql.placeholder("now")}
)`.mapWith((value: string | Date): Date | null => new Date(value)); // drizzle passes a null through as null

/** The unlock counter is not an edit of the member's profile: its writes leave `updated_at` as it was. */
const KEEP_UPDATED_AT = sql`${profiles.updatedAt}`;

export function createSessionsRepository(db: Database) {
  // Runs on every signed-in request: prepared once, planned once per connection.
  const liveSession = db
    .select({ session: sessions, user: profiles })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .where(liveByToken)
    .limit(1)
    .prepare("live_session");
  // Every admin panel request: the live session and whether the admin session is unlocked, in one round trip.
  const liveSessionUnlocked = db
    .select({ session: sessions, user: profiles, adminExpiresAt })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .where(liveByToken)
    .limit(1)
    .prepare("live_session_unlocked");

  return {
    async insert(values: typeof sessions.$inferInsert) {
      const [row] = await db.insert(sessions).values(values).returning();
      if (!row) throw new Error("session insert returned nothing");
      return row;
    },

    /** The live session for a token hash, with its member. */
    async findLive(tokenHash: string, now: Date) {
      const [row] = await liveSession.execute({ tokenHash, now: now.toISOString() });
      return row;
    },

    /** As `findLive`, and when the admin session of that hash expires if it is live for it (else null). */
    async findLiveUnlocked(tokenHash: string, adminTokenHash: string, now: Date) {
      const [row] = await liveSessionUnlocked.execute({ tokenHash, adminTokenHash, now: now.toISOString() });
      return row;
    },

    async extend(sessionId: string, expiresAt: Date) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
    },

    /** Sets the member's last active day ("YYYY-MM-DD", UTC). */
    async touchLastActive(userId: string, lastActive: string) {
      await db.update(profiles).set({ lastActive }).where(eq(profiles.id, userId));
    },

    /**
     * Reserves one admin-unlock try for the member before anything is checked: one more in a row, stamped
     * `at`, unless the unlock is locked (`lockout.after` in a row, the last one since `lockout.since`). Answers
     * the count with this try, or undefined when locked. One statement, so tries sent at once cannot all pass.
     */
    async reserveAdminUnlock(userId: string, at: Date, lockout: GuessLockout) {
      const [row] = await db
        .update(profiles)
        .set({
          adminUnlockFailures: sql`${profiles.adminUnlockFailures} + 1`,
          adminUnlockFailedAt: at,
          updatedAt: KEEP_UPDATED_AT,
        })
        .where(
          and(
            eq(profiles.id, userId),
            notLockedOut(profiles.adminUnlockFailures, profiles.adminUnlockFailedAt, lockout),
          ),
        )
        .returning({ failures: profiles.adminUnlockFailures });
      return row?.failures;
    },

    /** A reserved try that guessed nothing (it failed for another reason): the count goes back by one. */
    async giveBackAdminUnlock(userId: string, lockoutAfter: number) {
      const { count, stamp } = givenBack(
        profiles.adminUnlockFailures,
        profiles.adminUnlockFailedAt,
        lockoutAfter,
      );
      await db
        .update(profiles)
        .set({ adminUnlockFailures: count, adminUnlockFailedAt: stamp, updatedAt: KEEP_UPDATED_AT })
        .where(and(eq(profiles.id, userId), gt(profiles.adminUnlockFailures, 0)));
    },

    /** A right admin-unlock password: the count starts again (no write when it is already zero). */
    async clearAdminUnlockFailures(userId: string) {
      await db
        .update(profiles)
        .set({ adminUnlockFailures: 0, adminUnlockFailedAt: null, updatedAt: KEEP_UPDATED_AT })
        .where(and(eq(profiles.id, userId), gt(profiles.adminUnlockFailures, 0)));
    },

    async delete(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** Ends every session of a member but `exceptSessionId`; answers how many ended. */
    async deleteAllForUser(userId: string, exceptSessionId?: string) {
      const ended = await db
        .delete(sessions)
        .where(
          exceptSessionId
            ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
            : eq(sessions.userId, userId),
        )
        .returning({ id: sessions.id });
      return ended.length;
    },

    /** A member's unexpired sessions, most recently used first (then newest). */
    listLive(userId: string, now: Date) {
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastUsed,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.expiresAt), desc(sessions.createdAt));
    },

    /** Records that the member entered their password again in this session. */
    async markReauthenticated(sessionId: string, at: Date) {
      await db.update(sessions).set({ reauthenticatedAt: at }).where(eq(sessions.id, sessionId));
    },

    /** When the session's member last proved who they are: its sign-in, or a later confirmation ("Confirm it's you"). */
    async lastAuthenticatedAt(sessionId: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: sessions.createdAt, reauthenticatedAt: sessions.reauthenticatedAt })
        .from(sessions)
        .where(eq(sessions.id, sessionId))
        .limit(1);
      if (!row) return undefined;
      return row.reauthenticatedAt && row.reauthenticatedAt > row.createdAt
        ? row.reauthenticatedAt
        : row.createdAt;
    },

    /** Whether the session belongs to the member and has not expired. */
    async isLiveOf(userId: string, sessionId: string, now: Date) {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .limit(1);
      return Boolean(row);
    },

    /** Sessions not used since `before`, longest idle first, named by their member's e-mail. */
    async findIdle(before: Date, limit: number): Promise<InactivePage> {
      const [items, total] = await Promise.all([
        db
          .select(idleColumns)
          .from(sessions)
          .innerJoin(profiles, eq(profiles.id, sessions.userId))
          .where(idleSince(before))
          .orderBy(asc(sessions.expiresAt), asc(sessions.id))
          .limit(limit),
        db.select({ n: count() }).from(sessions).where(idleSince(before)),
      ]);
      return { items, total: total[0]?.n ?? 0 };
    },

    /** Deletes those of `ids` still idle since `before` (a session used since stays); answers what went. */
    deleteIdle(ids: string[], before: Date): Promise<InactiveRow[]> {
      return withTransaction(db, async (tx) => {
        const rows = await tx
          .select(idleColumns)
          .from(sessions)
          .innerJoin(profiles, eq(profiles.id, sessions.userId))
          .where(and(inArray(sessions.id, ids), idleSince(before)))
          .for("update", { of: sessions });
        if (rows.length > 0) {
          await tx.delete(sessions).where(
            inArray(
              sessions.id,
              rows.map((row) => row.id),
            ),
          );
        }
        return rows;
      });
    },

    async deleteExpired(now: Date) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },

    async insertAdmin(values: typeof adminSessions.$inferInsert) {
      await db.insert(adminSessions).values(values);
    },

    /** Slides an admin session's expiry (admin activity); never moves it back. */
    async extendAdmin(tokenHash: string, expiresAt: Date) {
      await db
        .update(adminSessions)
        .set({ expiresAt })
        .where(and(eq(adminSessions.tokenHash, tokenHash), lt(adminSessions.expiresAt, expiresAt)));
    },

    /** Deletes every admin session of a member (their administrator role was taken away). */
    async deleteAllAdminFor(userId: string) {
      await db.delete(adminSessions).where(eq(adminSessions.userId, userId));
    },

    async deleteAdmin(tokenHash: string) {
      await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
    },

    /** Deletes the admin sessions expired at `now` (an unlock is live only before its expiry); answers how many. */
    async deleteExpiredAdmin(now: Date) {
      const rows = await db
        .delete(adminSessions)
        .where(lte(adminSessions.expiresAt, now))
        .returning({ id: adminSessions.id });
      return rows.length;
    },

    async findLiveAdmin(tokenHash: string, sessionId: string, now: Date) {
      const [row] = await db
        .select({ id: adminSessions.id })
        .from(adminSessions)
        .where(
          and(
            eq(adminSessions.tokenHash, tokenHash),
            eq(adminSessions.sessionId, sessionId),
            gt(adminSessions.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
