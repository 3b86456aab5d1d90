import { z } from "zod";
import { SUBSCRIPTION_STATUSES } from "../plans.ts";
import { timestampSchema } from "./timestamps.ts";

/** Which card provider the web app talks to (GET /api/payments/config). */
export const paymentsConfigSchema = z.discriminatedUnion("provider", [
  z.object({ provider: z.literal("test"), priceMinor: z.number().int(), currency: z.string() }),
  z.object({
    provider: z.literal("stripe"),
    publishableKey: z.string(),
    /** PUBLIC_URL/dashboard: where Stripe returns the browser after a redirecting payment method. */
    returnUrl: z.string(),
    priceMinor: z.number().int(),
    currency: z.string(),
  }),
]);
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** POST /api/create-subscription → a client secret to confirm, or status "active" when already subscribed. */
export const createSubscriptionResponseSchema = z.object({
  clientSecret: z.string().nullable(),
  status: z.string(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

/** POST /api/payments/test/confirm — the built-in TEST MODE card form (Stripe's test numbers). */
export const testConfirmBodySchema = z.strictObject({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z
    .string({ error: "Card number is required" })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: "Card number is not valid" })),
  expMonth: z.coerce
    .number({ error: "Expiry month is required" })
    .int()
    .min(1, { error: "Expiry month is not valid" })
    .max(12, { error: "Expiry month is not valid" }),
  expYear: z.coerce
    .number({ error: "Expiry year is required" })
    .int()
    .min(2000, { error: "Expiry year is not valid" })
    .max(2100, { error: "Expiry year is not valid" }),
  cvc: z.string({ error: "CVC is required" }).regex(/^\d{3,4}$/, { error: "CVC is not valid" }),
});
export const testConfirmResponseSchema = z.object({ status: z.enum(["active"]) });

/**
 * POST /api/payments/test/confirm-setup — the TEST MODE card form in setup mode (a card change): the same
 * body with a setup client secret; answers the subscription's status once the open invoice was retried.
 */
export const testSetupConfirmResponseSchema = z.object({ status: z.enum(SUBSCRIPTION_STATUSES) });

/** POST /api/subscription/payment-method → the client secret of a setup intent for the new card. */
export const paymentMethodSetupResponseSchema = z.object({ clientSecret: z.string() });

/** One of the member's invoices (GET /api/subscription/invoices): amount in minor units, newest first. */
export const invoiceSchema = z.object({
  id: z.string(),
  createdAt: timestampSchema,
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(["open", "paid"]),
  /** Stripe's hosted invoice, or with the test provider our own printable receipt page. */
  url: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoicesResponseSchema = z.array(invoiceSchema);

/** GET /api/subscription/invoices/{id} → one of the caller's invoices with what a receipt prints. */
export const receiptSchema = invoiceSchema.extend({
  paidAt: timestampSchema.nullable(),
  periodStart: timestampSchema.nullable(),
  periodEnd: timestampSchema.nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  billedTo: z.object({ name: z.string(), email: z.string() }),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const invoiceParamsSchema = z.object({ id: z.string().min(1).max(200) });

export const cancelSubscriptionResponseSchema = z.object({
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: timestampSchema.nullable(),
});

/** POST /api/stripe/webhook → 200 once the event is applied (or was already, or is not one Tagit uses). */
export const stripeWebhookResponseSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(["applied", "duplicate", "ignored"]),
});

export const freeOptionSchema = z.object({ freeOptionEnabled: z.boolean() });

/**
 * Stripe's test cards the test provider honours: 4242… pays, 4000…0002 is declined, and 4000…0341 is saved
 * (a card change succeeds) but every charge to it fails, which is how a declined renewal is rehearsed.
 */
export const TEST_CARDS = {
  pays: "4242424242424242",
  declined: "4000000000000002",
  chargeFails: "4000000000000341",
} as const;

export const PAYMENT_MESSAGES = {
  declined: "Your card was declined.",
  expired: "Your card has expired.",
  unknownSecret: "This payment could not be found. Please start again.",
  notSubscribed: "You have no active subscription to cancel",
  notCancelled: "Your subscription is not cancelled, so there is nothing to resume",
  alreadyEnded: "Your subscription has already ended. Subscribe again to get Premium back.",
  noSubscriptionForCard: "You have no subscription whose card could be changed",
  invoiceNotFound: "Invoice not found",
  unknownTestCard:
    "In test mode use 4242 4242 4242 4242 (pays), 4000 0000 0000 0002 (declined) or 4000 0000 0000 0341 (saved, but charges fail)",
  badSignature: "Invalid Stripe signature",
} as const;
