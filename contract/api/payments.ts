import { z } from "zod";

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
export type TestConfirmBody = z.input<typeof testConfirmBodySchema>;
export const testConfirmResponseSchema = z.object({ status: z.enum(["active"]) });

export const cancelSubscriptionResponseSchema = z.object({
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
});

/** POST /api/stripe/webhook → 200 once the event is applied (or was already, or is not one Tagit uses). */
export const stripeWebhookResponseSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(["applied", "duplicate", "ignored"]),
});

export const freeOptionSchema = z.object({ freeOptionEnabled: z.boolean() });

export const TEST_CARDS = { pays: "4242424242424242", declined: "4000000000000002" } as const;

export const PAYMENT_MESSAGES = {
  declined: "Your card was declined.",
  expired: "Your card has expired.",
  unknownSecret: "This payment could not be found. Please start again.",
  notSubscribed: "You have no active subscription to cancel",
  testProviderOnly: "Test payments are available only in test mode",
  badSignature: "Invalid Stripe signature",
} as const;
