import Stripe from "stripe";
import type { Config } from "#server/config.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { SubscriptionBillingEvent } from "./billing-event.ts";
import { subscriptionEvent } from "./stripe-events.ts";

type StripeConfig = NonNullable<Config["stripe"]>;

const UNAVAILABLE = "Card payments are unavailable right now. Please try again in a few minutes.";
const SETTING_UP = "Your subscription is already being set up. Please try again in a moment.";

/** The SDK pointed at api.stripe.com, or at `apiUrl` (stripe-mock, the tests' stand-in). */
export function createStripeClient(config: StripeConfig): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    // The SDK's own pinned API version (DESIGN "Payments"); named here so an SDK upgrade is a visible change.
    apiVersion: "2026-10-28.endive",
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === "https:" ? 443 : 80),
      protocol: api.protocol === "https:" ? "https" : "http",
    }),
  });
}

/**
 * Stripe's outages and rate limits are a 503 for the member, a concurrent duplicate a 409; anything else (bad
 * key, unknown price) is our configuration and a logged 500.
 */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError
    ) {
      throw new AppError("unavailable", UNAVAILABLE);
    }
    if (error instanceof Stripe.errors.StripeIdempotencyError) {
      // The same member's other click is still creating their customer.
      throw new AppError("conflict", SETTING_UP);
    }
    throw error;
  }
}

/** The Stripe adapter: customers, incomplete subscriptions confirmed by the Payment Element, cancellation. */
export function createStripeProvider(stripe: Stripe, config: StripeConfig, publicUrl: string) {
  return {
    kind: "stripe" as const,
    publishableKey: config.publishableKey,
    /** Where Stripe sends the browser back after a redirecting payment method (spec 1 §8). */
    returnUrl: `${publicUrl}/dashboard`,
    /** Customers made by the test provider (before Stripe was configured) are not Stripe's. */
    ownsCustomer: (customerId: string) => !customerId.startsWith("test_cus_"),

    /** One customer per member: the idempotency key makes a double click create one customer, not two. */
    async createCustomer(member: { id: string; email: string; name: string }) {
      const customer = await call(() =>
        stripe.customers.create(
          { email: member.email, name: member.name, metadata: { memberId: member.id } },
          { idempotencyKey: `tagit-customer-${member.id}` },
        ),
      );
      return customer.id;
    },

    /** Keeps receipts going to the member's current e-mail and name. */
    async updateCustomer(customerId: string, member: { email: string; name: string }) {
      await call(() => stripe.customers.update(customerId, { email: member.email, name: member.name }));
    },

    /** Premium at STRIPE_PRICE_ID, waiting for its first invoice to be paid in the browser. */
    async createSubscription(input: { customerId: string; memberId: string }) {
      const subscription = await call(() =>
        stripe.subscriptions.create({
          customer: input.customerId,
          items: [{ price: config.priceId }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          expand: ["latest_invoice.confirmation_secret"],
          metadata: { memberId: input.memberId },
        }),
      );
      const invoice = subscription.latest_invoice;
      const clientSecret =
        invoice && typeof invoice !== "string" ? (invoice.confirmation_secret?.client_secret ?? null) : null;
      return { subscriptionId: subscription.id, clientSecret, status: subscription.status };
    },

    /** Ends the subscription now (account deletion). One Stripe no longer has, or has ended, is left alone. */
    async cancelNow(subscriptionId: string) {
      try {
        await call(() => stripe.subscriptions.cancel(subscriptionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },

    /**
     * Stops renewal. Stripe's answer is applied at once (the member sees the end date straight away); the
     * matching customer.subscription.updated webhook then finds nothing left to change.
     */
    async cancelAtPeriodEnd(input: { subscriptionId: string; now: Date }): Promise<SubscriptionBillingEvent> {
      const subscription = await call(() =>
        stripe.subscriptions.update(input.subscriptionId, { cancel_at_period_end: true }),
      );
      return subscriptionEvent(
        `api_cancel_${subscription.id}_${input.now.getTime()}`,
        "customer.subscription.updated",
        input.now,
        subscription,
      );
    },
  };
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
