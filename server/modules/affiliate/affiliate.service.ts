import { AFFILIATE_MESSAGES, type AffiliateDashboard } from "#contract/api/affiliate.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import type { Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { SecretBox } from "#server/lib/secret-box.ts";
import type { SettingsService } from "#server/modules/settings/settings.service.ts";
import {
  maskPayoutDetails,
  type PayoutRequest,
  toEarning,
  toPayout,
  toReferral,
  toTotals,
} from "./affiliate.mapper.ts";
import { type AffiliateRepository, createAffiliateRepository } from "./affiliate.repository.ts";
import { commissionMinor, withinAttributionWindow } from "./commission.ts";

/** A referred member's paid invoice, as the billing handler reports it. */
export type PaidInvoice = {
  memberId: string;
  invoiceId: string;
  amountPaidMinor: number;
  currency: string;
  paidAt: Date;
};

type Deps = {
  affiliateRepo: AffiliateRepository;
  settings: Pick<SettingsService, "affiliate">;
  secretBox: SecretBox;
  publicUrl: string;
  clock: Clock;
};

/**
 * The affiliate programme: referral codes, the referral's life (pending → confirmed with an earning, or
 * expired), refunds reversing unpaid earnings, and payouts. The only writer of the affiliate tables.
 */
export function createAffiliateService({ affiliateRepo, settings, secretBox, publicUrl, clock }: Deps) {
  const repoOn = (tx?: Tx) => (tx ? createAffiliateRepository(tx) : affiliateRepo);

  return {
    /**
     * Records that a new member arrived through a referral link. A code that is unknown, the member's own,
     * or used while the programme is paused is ignored: a stale link must never stop anyone signing up.
     * The referral stays pending, at the commission rate of the day, until the member's first paid invoice.
     */
    async attribute(referredId: string, referralCode: string) {
      const link = await affiliateRepo.findLinkByCode(referralCode);
      if (!link || link.userId === referredId) return;
      const programme = await settings.affiliate();
      if (!programme.isActive) return;
      await affiliateRepo.insertReferral({
        referrerId: link.userId,
        referredId,
        referralCode,
        commissionPercentage: programme.commissionPercentage,
        linkFollowedAt: clock.now(),
      });
    },

    /**
     * A member's invoice was paid (inside the billing event's transaction). Their pending referral is
     * confirmed with the referrer's commission when the payment falls within the attribution window, and
     * expires otherwise; later invoices find no pending referral and earn nothing.
     */
    async onInvoicePaid(invoice: PaidInvoice, tx?: Tx) {
      const repo = repoOn(tx);
      const referral = await repo.pendingReferralOf(invoice.memberId);
      if (!referral) return;
      const followedAt = referral.linkFollowedAt ?? referral.createdAt;
      if (!withinAttributionWindow(followedAt, invoice.paidAt)) {
        await repo.settleReferral(referral.id, { status: "expired" });
        return;
      }
      // Only the transaction that confirms the referral earns; a concurrent first payment finds it settled.
      if (
        !(await repo.settleReferral(referral.id, { status: "confirmed", subscriptionDate: invoice.paidAt }))
      )
        return;
      await repo.insertEarning({
        userId: referral.referrerId,
        referralId: referral.id,
        invoiceId: invoice.invoiceId,
        amountMinor: commissionMinor(invoice.amountPaidMinor, referral.commissionPercentage),
        currency: invoice.currency.toUpperCase(),
      });
    },

    /** A full refund reverses the invoice's earning if it has not been paid out yet (even if requested). */
    onChargeRefunded: (invoiceId: string, tx?: Tx) => repoOn(tx).reverseUnpaidEarning(invoiceId, clock.now()),

    async dashboard(userId: string): Promise<AffiliateDashboard> {
      const [referralCode, programme, referrals, earnings, payouts] = await Promise.all([
        affiliateRepo.ensureCode(userId),
        settings.affiliate(),
        affiliateRepo.referralsOf(userId),
        affiliateRepo.earningsOf(userId),
        affiliateRepo.payoutsOf(userId),
      ]);
      return {
        referralCode,
        referralUrl: `${publicUrl}/auth?ref=${referralCode}`,
        settings: programme,
        totalEarnings: toTotals(earnings),
        referrals: referrals.map(toReferral),
        earnings: earnings.map(toEarning),
        payouts: payouts.map(toPayout),
      };
    },

    /** Requests the whole available balance; bank details are stored encrypted and shown masked. */
    async requestPayout(userId: string, request: PayoutRequest) {
      try {
        const payout = await affiliateRepo.requestPayout(userId, {
          payoutMethod: request.payoutMethod,
          encrypted: secretBox.seal(JSON.stringify(request.payoutDetails)),
          masked: maskPayoutDetails(request),
        });
        if (!payout) throw new AppError("validation", AFFILIATE_MESSAGES.nothingToPay);
        return {
          id: payout.id,
          amount: payout.amountMinor,
          currency: payout.currency,
          status: payout.status,
        };
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError("conflict", AFFILIATE_MESSAGES.payoutPending);
        throw err;
      }
    },
  };
}

export type AffiliateService = ReturnType<typeof createAffiliateService>;
