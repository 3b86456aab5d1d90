import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { type ProfileRow, profiles } from "#server/db/schema/index.ts";

/** A new login address, a new password's hash, or both. */
export type LoginChange = { email?: string; passwordHash?: string };

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

    /** A member an administrator created: no password until they set one through the invitation. */
    async insertInvited(values: Pick<ProfileRow, "tagg" | "firstName" | "lastName" | "email" | "bio">) {
      const [row] = await db
        .insert(profiles)
        .values({ ...values, passwordHash: null })
        .returning();
      if (!row) throw new Error("The profile was not created");
      return row;
    },

    /**
     * Removes the member; their sessions, tokens, posts and other owned rows go with them (ON DELETE CASCADE).
     * Answers the tagg they held, if any.
     */
    async delete(id: string): Promise<string | null> {
      const [row] = await db.delete(profiles).where(eq(profiles.id, id)).returning({ tagg: profiles.tagg });
      return row?.tagg ?? null;
    },

    /**
     * The member's own change of their login address (no longer verified) and of their password, from their
     * profile; undefined when the member is gone.
     */
    async changeLogin(id: string, { email, passwordHash }: LoginChange, at: Date) {
      const [row] = await db
        .update(profiles)
        .set({
          ...(email !== undefined && { email, emailVerified: false }),
          ...(passwordHash !== undefined && { passwordHash, passwordChangedAt: at }),
        })
        .where(eq(profiles.id, id))
        .returning();
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
