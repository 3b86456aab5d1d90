import { and, eq, gt, lte, or } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { wasntMeTokens } from "#server/db/schema/index.ts";

/** The "Wasn't me" links of new-sign-in e-mails: stored hashed, each redeemed once. */
export function createWasntMeTokensRepository(db: Database) {
  return {
    async insert(values: typeof wasntMeTokens.$inferInsert) {
      await db.insert(wasntMeTokens).values(values);
    },

    /** Marks an unused, unexpired link used and answers it, in one statement: two clicks cannot both redeem it. */
    async consume(tokenHash: string, now: Date) {
      const [row] = await db
        .update(wasntMeTokens)
        .set({ used: true })
        .where(
          and(
            eq(wasntMeTokens.tokenHash, tokenHash),
            eq(wasntMeTokens.used, false),
            gt(wasntMeTokens.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    /** Every outstanding link of the member stops working (one was used: the others have done their job). */
    async revokeForUser(userId: string) {
      await db
        .update(wasntMeTokens)
        .set({ used: true })
        .where(and(eq(wasntMeTokens.userId, userId), eq(wasntMeTokens.used, false)));
    },

    /** Deletes the links that can no longer be redeemed (used, or expired at `now`); answers how many. */
    async deleteSpent(now: Date) {
      const rows = await db
        .delete(wasntMeTokens)
        .where(or(eq(wasntMeTokens.used, true), lte(wasntMeTokens.expiresAt, now)))
        .returning({ id: wasntMeTokens.id });
      return rows.length;
    },
  };
}

export type WasntMeTokensRepository = ReturnType<typeof createWasntMeTokensRepository>;
