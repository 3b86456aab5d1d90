import { z } from "zod";
import { adminListQuerySchema, listResponse } from "./admin.ts";
import { MONEY_MESSAGES, majorUnitAmountSchema } from "./money.ts";

/**
 * The admin panel's money sections, Costs and Affiliate (decision 027). An amount an administrator
 * types travels in major units as written ("12.50") and is stored in integer minor units (cents, pence); every
 * amount answered is integer minor units beside its currency; totals are per currency, never summed across them.
 */

export const COST_MESSAGES = {
  service: "Service is required",
  description: "Description is required",
  category: "Category is required",
  amount: MONEY_MESSAGES.amount,
  currency: "Currency must be a three-letter code such as USD",
  date: "Enter a valid date",
} as const;

export const PAYOUT_MESSAGES = {
  alreadyProcessed: "This payout has already been processed",
  noteRequired: "Give a note when rejecting a payout",
  status: "Choose completed or rejected",
} as const;

export const COMMISSION_MESSAGE = "Commission must be 0 to 100 in steps of 10";

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max);

/**
 * Add Cost and Edit Cost: service, description, amount and category required; notes optional; USD by default.
 * An edit replaces every field, except that a `date` left out keeps the cost's date instead of moving it to
 * today.
 */
export const costBodySchema = z.strictObject({
  service: requiredText(COST_MESSAGES.service, 200),
  description: requiredText(COST_MESSAGES.description, 1000),
  category: requiredText(COST_MESSAGES.category, 100),
  /** Major units as typed (`"12.50"` or `12.5`); parsed into minor units (1250), which are stored. */
  amount: majorUnitAmountSchema,
  currency: z
    .string({ error: COST_MESSAGES.currency })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: COST_MESSAGES.currency })
    .default("USD"),
  notes: z.string().trim().max(1000).nullish(),
  /** The day the cost was incurred; today (UTC) when left out. */
  date: z.iso.date({ error: COST_MESSAGES.date }).optional(),
});
/** The cost an edit or a deletion names (`/api/admin/costs/{id}`). */
export const costIdParamsSchema = z.object({ id: z.uuid() });
/** What the form sends: the amount in major units, as typed. */
export type CostBody = z.input<typeof costBodySchema>;
/** The validated cost: the amount in minor units. */
export type NewCost = z.output<typeof costBodySchema>;

export const costSchema = z.object({
  id: z.string(),
  date: z.string(),
  service: z.string(),
  description: z.string(),
  category: z.string(),
  /** Minor units: 12.50 is answered as 1250. */
  amount: z.number().int(),
  currency: z.string(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type Cost = z.infer<typeof costSchema>;
export const costsResponseSchema = listResponse(costSchema);

/** One amount per currency, ordered by currency code. */
export const moneyByCurrencySchema = z.array(z.object({ total: z.number().int(), currency: z.string() }));
export type MoneyByCurrency = z.infer<typeof moneyByCurrencySchema>;

/** GET /api/admin/costs/total: every cost ever recorded, one total per currency (empty when none). */
export const costsTotalSchema = z.object({ totals: moneyByCurrencySchema });
export type CostsTotal = z.infer<typeof costsTotalSchema>;

/**
 * GET /api/admin/costs/economics: the unit economics beside the costs. `month` is the current UTC month;
 * costs and Premium revenue (paid invoices less refunded ones) are that month's; commission owed is earned and
 * not yet paid out (including requested payouts), paid is every completed payout's earnings.
 */
export const economicsSchema = z.object({
  month: z.string(),
  costs: moneyByCurrencySchema,
  revenue: moneyByCurrencySchema,
  commissionOwed: moneyByCurrencySchema,
  commissionPaid: moneyByCurrencySchema,
});
export type Economics = z.infer<typeof economicsSchema>;

/** Affiliate settings: the commission in whole steps of 10 (0–100), and whether new referrals are taken. */
export const affiliateSettingsBodySchema = z.strictObject({
  commissionPercentage: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,3}(\.\d{1,2})?$/)
          .transform(Number),
      ],
      { error: COMMISSION_MESSAGE },
    )
    .pipe(
      z
        .number()
        .min(0, { error: COMMISSION_MESSAGE })
        .max(100, { error: COMMISSION_MESSAGE })
        .multipleOf(10, { error: COMMISSION_MESSAGE }),
    ),
  isActive: z.boolean({ error: "Choose whether the programme is active" }),
});
export type AffiliateSettingsBody = z.input<typeof affiliateSettingsBodySchema>;
export const affiliateSettingsSchema = z.object({ commissionPercentage: z.string(), isActive: z.boolean() });

/** GET /api/admin/affiliate/stats; money in pence (GBP), as the affiliate dashboard answers it. */
export const affiliateStatsSchema = z.object({
  affiliates: z.number().int(),
  referrals: z.number().int(),
  confirmedReferrals: z.number().int(),
  payoutsTotal: z.number().int(),
  pendingPayoutsTotal: z.number().int(),
  currency: z.string(),
});
export type AffiliateStats = z.infer<typeof affiliateStatsSchema>;

export const PAYOUT_STATUSES = ["requested", "completed", "rejected", "cancelled"] as const;

export const payoutsQuerySchema = adminListQuerySchema.extend({
  status: z.enum(PAYOUT_STATUSES, { error: "Unknown payout status" }).optional(),
});
export type PayoutsQuery = z.infer<typeof payoutsQuerySchema>;

export const adminPayoutSchema = z.object({
  id: z.string(),
  member: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    tagg: z.string().nullable(),
  }),
  amount: z.number().int(),
  currency: z.string(),
  payoutMethod: z.string(),
  maskedDetails: z.record(z.string(), z.string()),
  status: z.string(),
  requestedAt: z.string(),
  processedAt: z.string().nullable(),
  adminNotes: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const adminPayoutsResponseSchema = listResponse(adminPayoutSchema);

export const payoutIdParamsSchema = z.object({ id: z.uuid() });

/** Completing a payout may carry a note; rejecting one needs it (the member's money returns to their balance). */
export const processPayoutBodySchema = z
  .strictObject({
    status: z.enum(["completed", "rejected"], { error: PAYOUT_MESSAGES.status }),
    adminNotes: z.string().trim().max(1000).nullish(),
  })
  .refine((body) => body.status !== "rejected" || Boolean(body.adminNotes), {
    error: PAYOUT_MESSAGES.noteRequired,
    path: ["adminNotes"],
  });
export type ProcessPayoutBody = z.input<typeof processPayoutBodySchema>;
/** A payout after it was completed or rejected. */
export const processedPayoutSchema = z.object({
  id: z.string(),
  status: z.string(),
  processedAt: z.string().nullable(),
});

export const revealedPayoutSchema = z.object({ payoutDetails: z.record(z.string(), z.string()) });
