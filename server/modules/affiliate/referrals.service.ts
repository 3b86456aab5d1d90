import type { Clock } from "#server/lib/clock.ts";
import type { SettingsService } from "#server/modules/settings/settings.service.ts";
import type { ReferralsRepository } from "./referrals.repository.ts";

type Deps = {
  referralsRepo: ReferralsRepository;
  settings: Pick<SettingsService, "affiliate">;
  clock: Clock;
};

export function createReferralsService({ referralsRepo, settings, clock }: Deps) {
  return {
    /**
     * Records that a new member arrived through a referral link. A code that is unknown, the member's own,
     * or used while the programme is paused is ignored: a stale link must never stop anyone signing up.
     * The referral stays pending until the member's first invoice is paid.
     */
    async attribute(referredId: string, referralCode: string) {
      const link = await referralsRepo.findLinkByCode(referralCode);
      if (!link || link.userId === referredId) return;
      const programme = await settings.affiliate();
      if (!programme.isActive) return;
      await referralsRepo.insertReferral({
        referrerId: link.userId,
        referredId,
        referralCode,
        commissionPercentage: programme.commissionPercentage,
        linkFollowedAt: clock.now(),
      });
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
