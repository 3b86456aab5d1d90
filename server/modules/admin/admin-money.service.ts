import type { AdminListQuery } from "#contract/api/admin.ts";
import type {
  AffiliateSettingsBody,
  Cost,
  Economics,
  NewCost,
  PayoutsQuery,
  ProcessPayoutBody,
} from "#contract/api/admin-money.ts";
import { affiliateSettingsBodySchema, processPayoutBodySchema } from "#contract/api/admin-money.ts";
import { MESSAGES } from "#contract/errors.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import { utcDay } from "#server/lib/days.ts";
import type { AffiliateService } from "../affiliate/affiliate.service.ts";
import type { SubscriptionsService } from "../payments/subscriptions.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import type { AuditActor, AuditRepository } from "./audit.repository.ts";
import type { CostRow, CostsRepository } from "./costs.repository.ts";

type Deps = {
  transact: Transact;
  costsRepo: CostsRepository;
  costsRepoOn: (tx: Tx) => CostsRepository;
  auditRepoOn: (tx: Tx) => AuditRepository;
  affiliate: Pick<
    AffiliateService,
    "stats" | "commissionTotals" | "payouts" | "processPayout" | "revealPayout"
  >;
  settings: Pick<SettingsService, "affiliate" | "setAffiliate">;
  /** The payments module, for the Premium revenue paid in a period. */
  payments: Pick<SubscriptionsService, "revenueBetween">;
  clock: Clock;
};

/** A cost's stored columns from its validated body; `date` where the body gives none. */
const costValues = (body: NewCost, date: string) => ({
  service: body.service,
  description: body.description,
  category: body.category,
  amountMinor: body.amount,
  currency: body.currency,
  notes: body.notes || null,
  date: body.date ?? date,
});

const toCost = ({ amountMinor, createdAt, ...row }: CostRow): Cost => ({
  ...row,
  amount: amountMinor,
  createdAt: createdAt.toISOString(),
});

/** What an audit row shows of a cost. */
const costSummary = (row: CostRow) => ({
  date: row.date,
  service: row.service,
  description: row.description,
  category: row.category,
  amount: row.amountMinor,
  currency: row.currency,
  notes: row.notes,
});

/** The fields of an edit that changed, before and after. */
function costDiff(before: CostRow, after: CostRow) {
  const was = costSummary(before);
  const now = costSummary(after);
  const keys = (Object.keys(now) as (keyof typeof now)[]).filter((key) => was[key] !== now[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, was[key]])),
    after: Object.fromEntries(keys.map((key) => [key, now[key]])),
  };
}

const costNotFound = () => new AppError("not_found", MESSAGES.notFound);

/** The first instants of this UTC month and the next. */
function monthBounds(now: Date) {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { from, to, month: utcDay(from).slice(0, 7) };
}

/**
 * The admin panel's money: Cost Tracking (with the month's unit economics beside it) and the Affiliate System
 * (settings, totals, payouts). Every write records its audit row in the same transaction.
 */
export function createAdminMoneyService({
  transact,
  costsRepo,
  costsRepoOn,
  auditRepoOn,
  affiliate,
  settings,
  payments,
  clock,
}: Deps) {
  return {
    async listCosts(query: AdminListQuery) {
      const page = await costsRepo.list(query);
      return { ...page, items: page.items.map(toCost) };
    },

    costsTotal: async () => ({ totals: await costsRepo.totals() }),

    async economics(): Promise<Economics> {
      const { from, to, month } = monthBounds(clock.now());
      const [costs, revenue, commission] = await Promise.all([
        costsRepo.totalsBetween(utcDay(from), utcDay(to)),
        payments.revenueBetween(from, to),
        affiliate.commissionTotals(),
      ]);
      return { month, costs, revenue, commissionOwed: commission.owed, commissionPaid: commission.paid };
    },

    /** Takes the validated body (its amount already in minor units): parsing it again would read 1250 as 1,250.00. */
    addCost(actor: AuditActor, body: NewCost) {
      return transact(async (tx) => {
        const row = await costsRepoOn(tx).insert(costValues(body, utcDay(clock.now())));
        await auditRepoOn(tx).record({
          actor,
          action: "cost.create",
          targetType: "cost",
          targetId: row.id,
          summary: {
            after: { service: row.service, amount: row.amountMinor, currency: row.currency, date: row.date },
          },
        });
        return toCost(row);
      });
    },

    /**
     * Edit Cost replaces every field (the amount already in minor units); a date left out keeps the cost's
     * date. Audited with the fields that changed; an unknown cost is `not_found`.
     */
    updateCost(actor: AuditActor, id: string, body: NewCost) {
      return transact(async (tx) => {
        const repo = costsRepoOn(tx);
        const before = await repo.lock(id);
        if (!before) throw costNotFound();
        const after = await repo.update(id, costValues(body, before.date));
        if (!after) throw costNotFound();
        await auditRepoOn(tx).record({
          actor,
          action: "cost.update",
          targetType: "cost",
          targetId: id,
          summary: costDiff(before, after),
        });
        return toCost(after);
      });
    },

    /** Deletes a cost (a typo no longer skews the totals); the audit row keeps what it was. */
    removeCost(actor: AuditActor, id: string) {
      return transact(async (tx) => {
        const gone = await costsRepoOn(tx).delete(id);
        if (!gone) throw costNotFound();
        await auditRepoOn(tx).record({
          actor,
          action: "cost.delete",
          targetType: "cost",
          targetId: id,
          summary: { before: costSummary(gone) },
        });
      });
    },

    affiliateSettings: () => settings.affiliate(),

    /** Applies forward: referrals keep the rate of the day they were made (stored on each referral). */
    async updateAffiliateSettings(actor: AuditActor, input: AffiliateSettingsBody) {
      const body = affiliateSettingsBodySchema.parse(input);
      const next = { commissionPercentage: body.commissionPercentage.toFixed(2), isActive: body.isActive };
      const before = await settings.affiliate();
      return transact(async (tx) => {
        await settings.setAffiliate(next, tx);
        await auditRepoOn(tx).record({
          actor,
          action: "affiliate.settings.update",
          targetType: "affiliate_settings",
          targetId: "1",
          summary: { before, after: next },
        });
        return next;
      });
    },

    affiliateStats: () => affiliate.stats(),

    payouts: (query: PayoutsQuery) => affiliate.payouts(query),

    processPayout(actor: AuditActor, id: string, input: ProcessPayoutBody) {
      const body = processPayoutBodySchema.parse(input);
      return transact(async (tx) => {
        const { before, after } = await affiliate.processPayout(
          id,
          { status: body.status, adminNotes: body.adminNotes || null },
          tx,
        );
        await auditRepoOn(tx).record({
          actor,
          action: body.status === "completed" ? "payout.complete" : "payout.reject",
          targetType: "affiliate_payout",
          targetId: id,
          summary: {
            before: { status: before.status },
            after: {
              status: after.status,
              amount: after.amountMinor,
              currency: after.currency,
              adminNotes: after.adminNotes,
            },
          },
        });
        return { id, status: after.status, processedAt: after.processedAt?.toISOString() ?? null };
      });
    },

    /** The full payout details; the audit row (who looked, at which payout) commits before they are answered. */
    revealPayout(actor: AuditActor, id: string) {
      return transact(async (tx) => {
        const { payout, details } = await affiliate.revealPayout(id, tx);
        await auditRepoOn(tx).record({
          actor,
          action: "payout.reveal",
          targetType: "affiliate_payout",
          targetId: payout.id,
          summary: { after: { payoutMethod: payout.payoutMethod, member: payout.userId } },
        });
        return { payoutDetails: details };
      });
    },
  };
}

export type AdminMoneyService = ReturnType<typeof createAdminMoneyService>;
