import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { adminSessions, profiles, sessions } from "#server/db/schema/index.ts";

export function createSessionsRepository(db: Database) {
  // Runs on every signed-in request: prepared once, planned once per connection.
  const liveSession = db
    .select({ session: sessions, user: profiles })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .limit(1)
    .prepare("live_session");

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

    async extend(sessionId: string, expiresAt: Date) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
    },

    async touchLastActive(userId: string, lastActive: Date) {
      await db.update(profiles).set({ lastActive }).where(eq(profiles.id, userId));
    },

    async delete(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async deleteAllForUser(userId: string, exceptSessionId?: string) {
      await db
        .delete(sessions)
        .where(
          exceptSessionId
            ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
            : eq(sessions.userId, userId),
        );
    },

    async deleteExpired(now: Date) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },

    async insertAdmin(values: typeof adminSessions.$inferInsert) {
      await db.insert(adminSessions).values(values);
    },

    async deleteAdmin(tokenHash: string) {
      await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
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
