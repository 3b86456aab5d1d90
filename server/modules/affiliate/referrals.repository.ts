import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { affiliateLinks, affiliateReferrals } from "#server/db/schema/index.ts";

export function createReferralsRepository(db: Database) {
  return {
    async findLinkByCode(referralCode: string) {
      const [row] = await db
        .select()
        .from(affiliateLinks)
        .where(eq(affiliateLinks.referralCode, referralCode))
        .limit(1);
      return row;
    },

    /** One referrer per member: a second attribution is ignored. */
    async insertReferral(values: typeof affiliateReferrals.$inferInsert) {
      await db.insert(affiliateReferrals).values(values).onConflictDoNothing();
    },
  };
}

export type ReferralsRepository = ReturnType<typeof createReferralsRepository>;
