import {
  AFFILIATE_MESSAGES,
  type AffiliateDashboard,
  type RequestPayoutBody,
} from "#contract/api/affiliate.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { SecretBox } from "#server/lib/secret-box.ts";
import type { SettingsService } from "#server/modules/settings/settings.service.ts";
import type { AffiliateRepository } from "./affiliate.repository.ts";

type PayoutRequest = Extract<RequestPayoutBody, { payoutMethod: string }>;

/** What the member sees of their payout details: enough to recognise them, not to use them. */
export function maskPayoutDetails(request: PayoutRequest): Record<string, string> {
  if (request.payoutMethod === "paypal") {
    const [name = "", domain = ""] = request.payoutDetails.paypalEmail.split("@");
    return { paypalEmail: `${name.slice(0, 1)}***@${domain}` };
  }
  const { accountDetails, sortCode, accountNumber } = request.payoutDetails;
  return {
    accountDetails,
    sortCode: `${sortCode.slice(0, 2)}-**-**`,
    accountNumber: `****${accountNumber.slice(-4)}`,
  };
}

type Deps = {
  affiliateRepo: AffiliateRepository;
  settings: Pick<SettingsService, "affiliate">;
  secretBox: SecretBox;
  publicUrl: string;
};

export function createAffiliateService({ affiliateRepo, settings, secretBox, publicUrl }: Deps) {
  return {
    async dashboard(userId: string): Promise<AffiliateDashboard> {
      const [referralCode, programme, referrals, earnings, payouts] = await Promise.all([
        affiliateRepo.ensureCode(userId),
        settings.affiliate(),
        affiliateRepo.referralsOf(userId),
        affiliateRepo.earningsOf(userId),
        affiliateRepo.payoutsOf(userId),
      ]);
      const counted = earnings.filter((earning) => earning.status !== "reversed");
      return {
        referralCode,
        referralUrl: `${publicUrl}/auth?ref=${referralCode}`,
        settings: programme,
        totalEarnings: {
          total: counted.reduce((sum, earning) => sum + earning.amountMinor, 0),
          available: counted
            .filter((earning) => earning.status === "pending" && !earning.payoutId)
            .reduce((sum, earning) => sum + earning.amountMinor, 0),
          currency: "GBP",
        },
        referrals: referrals.map(({ referral, tagg, firstName, lastName }) => ({
          id: referral.id,
          referredTagg: tagg,
          referredName: firstName ? `${firstName} ${lastName ?? ""}`.trim() : "Deleted member",
          status: referral.status,
          commissionPercentage: referral.commissionPercentage,
          createdAt: referral.createdAt.toISOString(),
          subscriptionDate: referral.subscriptionDate?.toISOString() ?? null,
        })),
        earnings: earnings.map((earning) => ({
          id: earning.id,
          amount: earning.amountMinor,
          currency: earning.currency,
          status: earning.payoutId && earning.status === "pending" ? "requested" : earning.status,
          createdAt: earning.createdAt.toISOString(),
        })),
        payouts: payouts.map((payout) => ({
          id: payout.id,
          amount: payout.amountMinor,
          currency: payout.currency,
          status: payout.status,
          payoutMethod: payout.payoutMethod,
          payoutDetails: payout.payoutDetailsMasked,
          requestedAt: payout.requestedAt.toISOString(),
          processedAt: payout.processedAt?.toISOString() ?? null,
        })),
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
