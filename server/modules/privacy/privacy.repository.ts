import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { profiles } from "#server/db/schema/index.ts";
import type { PrivacyMode } from "./privacy-rules.ts";

export function createPrivacyRepository(db: Database) {
  return {
    async setMode(userId: string, privacyMode: PrivacyMode, pauseStartedAt: Date | null) {
      await db.update(profiles).set({ privacyMode, pauseStartedAt }).where(eq(profiles.id, userId));
    },

    async setHidden(userId: string, hidden: boolean) {
      await db.update(profiles).set({ isHidden: hidden }).where(eq(profiles.id, userId));
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
