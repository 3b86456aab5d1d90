import { and, eq, gt, lte, or } from "drizzle-orm";
import type { Database } from "./client.ts";
import type { emailVerificationTokens, passwordResetTokens, wasntMeTokens } from "./schema/index.ts";

/** The tables of links mailed to a member (all made by `tokenColumns`): reset, verification, "Wasn't me". */
type LinkTable = typeof passwordResetTokens | typeof emailVerificationTokens | typeof wasntMeTokens;
type LinkRow = typeof passwordResetTokens.$inferSelect;

/** The queries every table of single-use links needs; the modules owning each table wrap them. */
export function singleUseLinks(db: Database, table: LinkTable) {
  return {
    async insert(values: typeof passwordResetTokens.$inferInsert) {
      await db.insert(table).values(values);
    },

    /**
     * Marks an unused, unexpired link used and returns it — in one statement, so a link can be redeemed only
     * once even by two racing requests.
     */
    async consume(tokenHash: string, now: Date): Promise<LinkRow | undefined> {
      const [row] = await db
        .update(table)
        .set({ used: true })
        .where(and(eq(table.tokenHash, tokenHash), eq(table.used, false), gt(table.expiresAt, now)))
        .returning();
      return row;
    },

    /** Deletes the links that can no longer be redeemed (used, or expired at `now`); answers how many. */
    async deleteSpent(now: Date) {
      const rows = await db
        .delete(table)
        .where(or(eq(table.used, true), lte(table.expiresAt, now)))
        .returning({ id: table.id });
      return rows.length;
    },

    /** Every outstanding link of the member stops working. */
    async revokeForUser(userId: string) {
      await db
        .update(table)
        .set({ used: true })
        .where(and(eq(table.userId, userId), eq(table.used, false)));
    },
  };
}
