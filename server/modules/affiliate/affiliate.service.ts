import { randomUUID } from "node:crypto";
import { type AdminPayout, PAYOUT_MESSAGES, type PayoutsQuery } from "#contract/api/admin-money.ts";
import { AFFILIATE_MESSAGES, type AffiliateDashboard } from "#contract/api/affiliate.ts";
import { MESSAGES } from "#contract/errors.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AFFILIATE_CURRENCY } from "#server/db/schema/index.ts";
import type { Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { SecretBox } from "#server/lib/secret-box.ts";
import type { AccountChanged } from "#server/modules/account-alerts/account-changes.service.ts";
import type { SettingsService } from "#server/modules/settings/settings.service.ts";
import {
  describePayoutDetails,
  maskPayoutDetails,
  type PayoutRequest,
  toEarning,
  toPayout,
  toReferral,
  toTotals,
} from "./affiliate.mapper.ts";
import { type AffiliateRepository, createAffiliateRepository } from "./affiliate.repository.ts";
import { commissionMinor, withinAttributionWindow } from "./commission.ts";
import {
  createPayoutsRepository,
  type PayoutDecision,
  type PayoutsRepository,
} from "./payouts.repository.ts";

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
  payoutsRepo: PayoutsRepository;
  settings: Pick<SettingsService, "affiliate">;
  secretBox: SecretBox;
  publicUrl: string;
  clock: Clock;
  /** Payout details were given: the member hears of it (in the background). */
  accountChanged: AccountChanged;
};

/**
 * The affiliate programme: referral codes, the referral's life (pending → confirmed with an earning, or
 * expired), refunds reversing unpaid earnings, and payouts. The only writer of the affiliate tables.
 */
export function createAffiliateService({
  affiliateRepo,
  payoutsRepo,
  settings,
  secretBox,
  publicUrl,
  clock,
  accountChanged,
}: Deps) {
  const repoOn = (tx?: Tx) => (tx ? createAffiliateRepository(tx) : affiliateRepo);
  const payoutsRepoOn = (tx?: Tx) => (tx ? createPayoutsRepository(tx) : payoutsRepo);

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
        payoutsRepo.payoutsOf(userId),
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

    /**
     * Requests the whole available balance; bank details are stored sealed for the payout's own row (its id is
     * chosen here so the details can be bound to it) and shown masked.
     */
    async requestPayout(member: Pick<ProfileRow, "id" | "email" | "firstName">, request: PayoutRequest) {
      const id = randomUUID();
      const masked = maskPayoutDetails(request);
      try {
        const payout = await payoutsRepo.requestPayout(member.id, {
          id,
          payoutMethod: request.payoutMethod,
          encrypted: secretBox.seal(JSON.stringify(request.payoutDetails), id),
          masked,
        });
        if (!payout) throw new AppError("validation", AFFILIATE_MESSAGES.nothingToPay);
        // The details are given with each request: each one is where money may go, so each one is told.
        accountChanged(member, { kind: "payout_details", details: describePayoutDetails(masked) });
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
    /** The programme's real totals for the admin panel (pence, GBP). */
    stats: async () => ({ ...(await affiliateRepo.stats()), currency: AFFILIATE_CURRENCY }),

    /** Commission owed (earned, not yet paid out) and paid (in completed payouts), per currency. */
    commissionTotals: async () => {
      const [owed, paid] = await Promise.all([
        affiliateRepo.earningsByCurrency("pending"),
        affiliateRepo.earningsByCurrency("paid"),
      ]);
      return { owed, paid };
    },

    /** The payouts for an administrator: member, amount, method and masked details, never the full ones. */
    async payouts(query: PayoutsQuery) {
      const page = await payoutsRepo.listPayouts(query);
      return {
        ...page,
        items: page.items.map(
          ({ payout, member }): AdminPayout => ({
            id: payout.id,
            member,
            amount: payout.amountMinor,
            currency: payout.currency,
            payoutMethod: payout.payoutMethod,
            maskedDetails: payout.payoutDetailsMasked,
            status: payout.status,
            requestedAt: payout.requestedAt.toISOString(),
            processedAt: payout.processedAt?.toISOString() ?? null,
            adminNotes: payout.adminNotes,
          }),
        ),
      };
    },

    /**
     * Completes or rejects a requested payout (inside the caller's transaction, beside its audit row).
     * 404 when there is none; 409 when it was already processed, so nothing is paid or returned twice.
     */
    async processPayout(id: string, decision: Omit<PayoutDecision, "now">, tx?: Tx) {
      const result = await payoutsRepoOn(tx).processPayout(id, { ...decision, now: clock.now() });
      if (!result) throw new AppError("not_found", MESSAGES.notFound);
      if (!result.after) throw new AppError("conflict", PAYOUT_MESSAGES.alreadyProcessed);
      return { before: result.before, after: result.after };
    },

    /**
     * The full payout details, decrypted; the caller records who asked. Details that do not open (sealed for
     * another row, altered, or under a replaced APP_SECRET) are a server error, never another payout's details.
     */
    async revealPayout(id: string, tx?: Tx) {
      const payout = await payoutsRepoOn(tx).findPayout(id);
      if (!payout) throw new AppError("not_found", MESSAGES.notFound);
      let opened: string;
      try {
        opened = secretBox.open(payout.payoutDetailsEncrypted, payout.id);
      } catch (err) {
        throw new Error(`the details of payout ${payout.id} do not open under APP_SECRET for this payout`, {
          cause: err,
        });
      }
      const details: Record<string, string> = JSON.parse(opened);
      return { payout, details };
    },
  };
}

export type AffiliateService = ReturnType<typeof createAffiliateService>;
