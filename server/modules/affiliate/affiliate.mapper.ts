import type { AffiliateDashboard, RequestPayoutBody } from "#contract/api/affiliate.ts";
import { AFFILIATE_CURRENCY } from "#server/db/schema/index.ts";
import type { AffiliateRepository } from "./affiliate.repository.ts";
import type { PayoutsRepository } from "./payouts.repository.ts";

export type PayoutRequest = Extract<RequestPayoutBody, { payoutMethod: string }>;
type ReferralRow = Awaited<ReturnType<AffiliateRepository["referralsOf"]>>[number];
type EarningRow = Awaited<ReturnType<AffiliateRepository["earningsOf"]>>[number];
type PayoutRow = Awaited<ReturnType<PayoutsRepository["payoutsOf"]>>[number];

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

/** Masked payout details in words, for the member's e-mail: "PayPal a***@example.com". */
export function describePayoutDetails(masked: Record<string, string>): string {
  if (masked.paypalEmail) return `PayPal ${masked.paypalEmail}`;
  return `the bank account ${masked.accountNumber} (sort code ${masked.sortCode})`;
}

/** Totals of the earnings that count (not reversed); available = not yet part of a payout. */
export function toTotals(earnings: EarningRow[]): AffiliateDashboard["totalEarnings"] {
  const counted = earnings.filter((earning) => earning.status !== "reversed");
  const sum = (rows: EarningRow[]) => rows.reduce((total, earning) => total + earning.amountMinor, 0);
  return {
    total: sum(counted),
    available: sum(counted.filter((earning) => earning.status === "pending" && !earning.payoutId)),
    currency: AFFILIATE_CURRENCY,
  };
}

export function toReferral({ referral, tagg, firstName, lastName }: ReferralRow) {
  return {
    id: referral.id,
    referredTagg: tagg,
    referredName: firstName ? `${firstName} ${lastName ?? ""}`.trim() : "Deleted member",
    status: referral.status,
    commissionPercentage: referral.commissionPercentage,
    createdAt: referral.createdAt.toISOString(),
    subscriptionDate: referral.subscriptionDate?.toISOString() ?? null,
  };
}

export function toEarning(earning: EarningRow) {
  return {
    id: earning.id,
    amount: earning.amountMinor,
    currency: earning.currency,
    status: earning.payoutId && earning.status === "pending" ? "requested" : earning.status,
    createdAt: earning.createdAt.toISOString(),
  };
}

export function toPayout(payout: PayoutRow) {
  return {
    id: payout.id,
    amount: payout.amountMinor,
    currency: payout.currency,
    status: payout.status,
    payoutMethod: payout.payoutMethod,
    payoutDetails: payout.payoutDetailsMasked,
    requestedAt: payout.requestedAt.toISOString(),
    processedAt: payout.processedAt?.toISOString() ?? null,
    adminNotes: payout.adminNotes,
  };
}
