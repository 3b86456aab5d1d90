import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { profiles, taggs } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";
import type { PrivacyMode } from "./privacy-rules.ts";

export function createPrivacyRepository(db: Database) {
  return {
    async setMode(userId: string, privacyMode: PrivacyMode, pauseStartedAt: Date | null) {
      await db.update(profiles).set({ privacyMode, pauseStartedAt }).where(eq(profiles.id, userId));
    },

    async setHidden(userId: string, tagg: string | null, hidden: boolean) {
      await withTransaction(db, async (tx) => {
        await tx.update(profiles).set({ isHidden: hidden }).where(eq(profiles.id, userId));
        if (tagg) await tx.update(taggs).set({ isHidden: hidden }).where(eq(taggs.tagg, tagg));
      });
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
