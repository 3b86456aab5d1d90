import type { PrivacySettings } from "#contract/api/privacy.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { AnalyticsRepository } from "#server/modules/analytics/analytics.repository.ts";
import type { ProfileRepository } from "#server/modules/profile/profile.repository.ts";
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
  profileRepo: ProfileRepository;
  privacyRepo: PrivacyRepository;
  analyticsRepo: AnalyticsRepository;
  clock: Clock;
};

export function createPrivacyService({ profileRepo, privacyRepo, analyticsRepo, clock }: Deps) {
  return {
    /** The member's mode now; an expired pause is stored back as show. */
    async settings(user: ProfileRow): Promise<PrivacySettings> {
      const now = clock.now();
      const mode = effectiveMode(user.privacyMode, user.pauseStartedAt, now);
      if (mode !== user.privacyMode)
        await profileRepo.update(user.id, { privacyMode: mode, pauseStartedAt: null });
      return describe(user.privacyMode, user.pauseStartedAt, now);
    },

    /** Applies a mode by the spec's rule: hide only with 5+ unique viewers on the best post, else pause. */
    async choose(user: ProfileRow, requested: PrivacyMode) {
      const highest = requested === "hide" ? await analyticsRepo.highestViewed(user.id) : undefined;
      const mode = grantedMode(requested, highest?.uniqueViewCount ?? 0);
      const now = clock.now();
      const pauseStartedAt = mode === "pause" ? now : null;
      await profileRepo.update(user.id, { privacyMode: mode, pauseStartedAt });
      return { ...describe(mode, pauseStartedAt, now), requestedMode: requested };
    },

    /** Hides (or shows again) my tagg and all my posts from search. */
    async setHidden(user: ProfileRow, hidden: boolean) {
      await privacyRepo.setHidden(user.id, user.tagg, hidden);
      return { hidden };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
