import { z } from "zod";
import { timestampSchema } from "./timestamps.ts";

/** GET /api/affiliate/dashboard. Amounts are pence (integers) with their currency. */
export const affiliateDashboardSchema = z.object({
  referralCode: z.string(),
  referralUrl: z.string(),
  settings: z.object({ commissionPercentage: z.string(), isActive: z.boolean() }),
  totalEarnings: z.object({ total: z.number().int(), available: z.number().int(), currency: z.string() }),
  referrals: z.array(
    z.object({
      id: z.string(),
      referredTagg: z.string().nullable(),
      referredName: z.string(),
      status: z.string(),
      commissionPercentage: z.string(),
      createdAt: timestampSchema,
      subscriptionDate: timestampSchema.nullable(),
    }),
  ),
  earnings: z.array(
    z.object({
      id: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      status: z.string(),
      createdAt: timestampSchema,
    }),
  ),
  payouts: z.array(
    z.object({
      id: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      status: z.string(),
      payoutMethod: z.string(),
      payoutDetails: z.record(z.string(), z.string()),
      requestedAt: timestampSchema,
      processedAt: timestampSchema.nullable(),
      /** The administrator's note, e.g. why a payout was rejected. */
      adminNotes: z.string().nullable(),
    }),
  ),
});
export type AffiliateDashboard = z.infer<typeof affiliateDashboardSchema>;

const sortCode = z
  .string()
  .trim()
  .regex(/^\d{2}-\d{2}-\d{2}$/, { error: "Sort code must look like 12-34-56" });
const accountNumber = z
  .string()
  .trim()
  .regex(/^\d{8}$/, { error: "Account number must be 8 digits" });

export const requestPayoutBodySchema = z.discriminatedUnion(
  "payoutMethod",
  [
    z.strictObject({
      payoutMethod: z.literal("bank_transfer"),
      payoutDetails: z.strictObject({
        accountDetails: z.string().trim().min(1, { error: "Account holder name is required" }).max(100),
        sortCode,
        accountNumber,
      }),
    }),
    z.strictObject({
      payoutMethod: z.literal("paypal"),
      payoutDetails: z.strictObject({
        paypalEmail: z
          .string()
          .trim()
          .max(254)
          .pipe(z.email({ error: "Enter the PayPal e-mail" })),
      }),
    }),
  ],
  { error: "Choose Bank Transfer or PayPal" },
);
export type RequestPayoutBody = z.input<typeof requestPayoutBodySchema>;

export const requestPayoutResponseSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
});

export const AFFILIATE_MESSAGES = {
  nothingToPay: "There are no earnings available to pay out",
  payoutPending: "You already have a payout request being processed",
} as const;
