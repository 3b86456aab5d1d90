import type { PrivacySettings } from "#contract/api/privacy.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { AnalyticsService } from "#server/modules/analytics/analytics.service.ts";
import type { TaggsService } from "#server/modules/taggs/taggs.service.ts";
import type { PrivacyRepository } from "./privacy.repository.ts";
import {
  effectiveMode,
  grantedMode,
  type PrivacyMode,
  pauseEndsAt,
  pauseHoursRemaining,
} from "./privacy-rules.ts";

function describe(mode: PrivacyMode, pauseStartedAt: Date | null, now: Date): PrivacySettings {
  return {
    privacyMode: effectiveMode(mode, pauseStartedAt, now),
    timeRemaining: pauseHoursRemaining(mode, pauseStartedAt, now),
    pauseEndsAt: pauseEndsAt(mode, pauseStartedAt, now)?.toISOString() ?? null,
  };
}

type Deps = {
  privacyRepo: PrivacyRepository;
  transact: Transact;
  privacyRepoOn: (tx: Tx) => PrivacyRepository;
  /** The member's tagg is hidden with them, in the same transaction. */
  taggs: Pick<TaggsService, "setHidden">;
  analytics: Pick<AnalyticsService, "memberViewersOfBestPost">;
  clock: Clock;
};

export function createPrivacyService({
  privacyRepo,
  transact,
  privacyRepoOn,
  taggs,
  analytics,
  clock,
}: Deps) {
  return {
    /** The member's mode now; an expired pause is stored back as show. */
    async settings(user: ProfileRow): Promise<PrivacySettings> {
      const now = clock.now();
      const mode = effectiveMode(user.privacyMode, user.pauseStartedAt, now);
      if (mode !== user.privacyMode) await privacyRepo.setMode(user.id, mode, null);
      return describe(user.privacyMode, user.pauseStartedAt, now);
    },

    /**
     * Applies a mode: hide is granted only with 5+ unique viewers on the best post, else pause. Only
     * signed-in members count, so the threshold cannot be met with made-up signed-out visits.
     */
    async choose(user: ProfileRow, requested: PrivacyMode) {
      const viewers = requested === "hide" ? await analytics.memberViewersOfBestPost(user.id) : 0;
      const mode = grantedMode(requested, viewers);
      const now = clock.now();
      const pauseStartedAt = mode === "pause" ? now : null;
      await privacyRepo.setMode(user.id, mode, pauseStartedAt);
      return { ...describe(mode, pauseStartedAt, now), requestedMode: requested };
    },

    /** Hides (or shows again) my tagg and all my posts from search. */
    async setHidden(user: ProfileRow, hidden: boolean) {
      await transact(async (tx) => {
        await privacyRepoOn(tx).setHidden(user.id, hidden);
        if (user.tagg) await taggs.setHidden(user.tagg, hidden, tx);
      });
      return { hidden };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
