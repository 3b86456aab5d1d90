import { desc, lt } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { anonymityKeys } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";

export type AnonymityKeyRow = typeof anonymityKeys.$inferSelect;

export function createAnonymityKeysRepository(db: Database) {
  return {
    /** The current epoch's key (the newest; retired ones are deleted when their successor is written). */
    async current(): Promise<AnonymityKeyRow | undefined> {
      const [row] = await db.select().from(anonymityKeys).orderBy(desc(anonymityKeys.epoch)).limit(1);
      return row;
    },

    /**
     * Writes epoch `row.epoch` and then deletes every older one, in one transaction: if anything fails the old
     * key stays current. Answers false when another instance wrote that epoch first (it is then current).
     */
    async replace(row: AnonymityKeyRow): Promise<boolean> {
      return withTransaction(db, async (tx) => {
        const written = await tx
          .insert(anonymityKeys)
          .values(row)
          .onConflictDoNothing()
          .returning({ epoch: anonymityKeys.epoch });
        if (written.length === 0) return false;
        await tx.delete(anonymityKeys).where(lt(anonymityKeys.epoch, row.epoch));
        return true;
      });
    },
  };
}

export type AnonymityKeysRepository = ReturnType<typeof createAnonymityKeysRepository>;
