import { eq, lte } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { repeatedSearchAlerts } from "#server/db/schema/index.ts";

/** The `repeated_search_alerts` table: when each member was last alerted about each named visitor. */
export function createRepeatedSearchAlertsRepository(db: Database) {
  return {
    /**
     * Records an alert now, only if none was recorded for this owner and visitor after `staleBefore`; answers
     * whether it did. One statement: of requests racing for the same pair, exactly one succeeds (the others
     * wait on the row, then find it fresh).
     */
    async claim(ownerId: string, visitorId: string, now: Date, staleBefore: Date) {
      const rows = await db
        .insert(repeatedSearchAlerts)
        .values({ ownerId, visitorId, alertedAt: now })
        .onConflictDoUpdate({
          target: [repeatedSearchAlerts.ownerId, repeatedSearchAlerts.visitorId],
          set: { alertedAt: now },
          setWhere: lte(repeatedSearchAlerts.alertedAt, staleBefore),
        })
        .returning({ ownerId: repeatedSearchAlerts.ownerId });
      return rows.length > 0;
    },

    /** Deletes every alert record about this visitor; answers how many. */
    async removeAbout(visitorId: string) {
      const rows = await db
        .delete(repeatedSearchAlerts)
        .where(eq(repeatedSearchAlerts.visitorId, visitorId))
        .returning({ ownerId: repeatedSearchAlerts.ownerId });
      return rows.length;
    },

    /** Deletes the records older than `staleBefore` (they no longer hold an alert back); answers how many. */
    async removeStale(staleBefore: Date) {
      const rows = await db
        .delete(repeatedSearchAlerts)
        .where(lte(repeatedSearchAlerts.alertedAt, staleBefore))
        .returning({ ownerId: repeatedSearchAlerts.ownerId });
      return rows.length;
    },
  };
}

export type RepeatedSearchAlertsRepository = ReturnType<typeof createRepeatedSearchAlertsRepository>;
