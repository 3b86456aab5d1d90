import { and, eq, gt, lte, or } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { passwordResetTokens } from "#server/db/schema/index.ts";

export function createResetTokensRepository(db: Database) {
  return {
    async insert(values: typeof passwordResetTokens.$inferInsert) {
      await db.insert(passwordResetTokens).values(values);
    },

    /**
     * Marks an unused, unexpired token used and returns it — in one statement, so a token can be
     * redeemed only once even by two racing requests.
     */
    async consume(tokenHash: string, now: Date) {
      const [row] = await db
        .update(passwordResetTokens)
        .set({ used: true })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            eq(passwordResetTokens.used, false),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    /** Deletes the links that can no longer be redeemed (used, or expired at `now`); answers how many. */
    async deleteSpent(now: Date) {
      const rows = await db
        .delete(passwordResetTokens)
        .where(or(eq(passwordResetTokens.used, true), lte(passwordResetTokens.expiresAt, now)))
        .returning({ id: passwordResetTokens.id });
      return rows.length;
    },

    /** Every outstanding reset link of the member stops working. */
    async revokeForUser(userId: string) {
      await db
        .update(passwordResetTokens)
        .set({ used: true })
        .where(and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.used, false)));
    },
  };
}

export type ResetTokensRepository = ReturnType<typeof createResetTokensRepository>;
