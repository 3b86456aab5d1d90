import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { profiles } from "#server/db/schema/index.ts";

/**
 * The sign-in side of a member's row: who they are by e-mail (their login address, never one still waiting for
 * their confirmation), their password and the day they last came.
 */
export function createAccountsRepository(db: Database) {
  return {
    async findByEmail(email: string) {
      const [row] = await db.select().from(profiles).where(eq(profiles.email, email)).limit(1);
      return row;
    },

    async findById(id: string) {
      const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
      return row;
    },

    /** Inserts a member; undefined when the e-mail is already taken (unique index). */
    async insert(values: typeof profiles.$inferInsert) {
      const [row] = await db.insert(profiles).values(values).onConflictDoNothing().returning();
      return row;
    },

    /** A sign-in: the last active day ("YYYY-MM-DD", UTC) and the address it came from. */
    async recordSignIn(id: string, values: { lastActive: string; ipAddress?: string }) {
      const [row] = await db.update(profiles).set(values).where(eq(profiles.id, id)).returning();
      return row;
    },

    async setPassword(id: string, passwordHash: string, at: Date) {
      const [row] = await db
        .update(profiles)
        .set({ passwordHash, passwordChangedAt: at })
        .where(eq(profiles.id, id))
        .returning();
      return row;
    },

    /** No password works any more until the member chooses one through a reset link ("Wasn't me"). */
    async clearPassword(id: string, at: Date) {
      const [row] = await db
        .update(profiles)
        .set({ passwordHash: null, passwordChangedAt: at })
        .where(eq(profiles.id, id))
        .returning();
      return row;
    },

    /** Whether `email` is the member's login address now. */
    async isLoginOf(id: string, email: string) {
      const [row] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.id, id), eq(profiles.email, email)))
        .limit(1);
      return row !== undefined;
    },

    /** Marks the address verified if it is still the member's address; undefined otherwise. */
    async markEmailVerified(id: string, email: string) {
      const [row] = await db
        .update(profiles)
        .set({ emailVerified: true })
        .where(and(eq(profiles.id, id), eq(profiles.email, email)))
        .returning();
      return row;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
