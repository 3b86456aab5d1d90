import { and, eq, gt, lte, or } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { emailVerificationTokens } from "#server/db/schema/index.ts";

export function createVerificationTokensRepository(db: Database) {
  return {
    async insert(values: typeof emailVerificationTokens.$inferInsert) {
      await db.insert(emailVerificationTokens).values(values);
    },

    /** Marks an unused, unexpired token used and returns it, in one statement (single use under races). */
    async consume(tokenHash: string, now: Date) {
      const [row] = await db
        .update(emailVerificationTokens)
        .set({ used: true })
        .where(
          and(
            eq(emailVerificationTokens.tokenHash, tokenHash),
            eq(emailVerificationTokens.used, false),
            gt(emailVerificationTokens.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    /** Deletes the links that can no longer be redeemed (used, or expired at `now`); answers how many. */
    async deleteSpent(now: Date) {
      const rows = await db
        .delete(emailVerificationTokens)
        .where(or(eq(emailVerificationTokens.used, true), lte(emailVerificationTokens.expiresAt, now)))
        .returning({ id: emailVerificationTokens.id });
      return rows.length;
    },

    /** Every outstanding link of the member stops working. */
    async revokeForUser(userId: string) {
      await db
        .update(emailVerificationTokens)
        .set({ used: true })
        .where(and(eq(emailVerificationTokens.userId, userId), eq(emailVerificationTokens.used, false)));
    },
  };
}

export type VerificationTokensRepository = ReturnType<typeof createVerificationTokensRepository>;
