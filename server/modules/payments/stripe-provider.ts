import Stripe from "stripe";
import type { Config } from "#server/config.ts";
import { AppError } from "#server/lib/app-error.ts";
import { inClientSpan } from "#server/tracing/spans.ts";
import type { CardSummary, SubscriptionBillingEvent } from "./billing-event.ts";
import type { SubscriptionRef } from "./payment-provider.ts";
import { subscriptionEvent } from "./stripe-events.ts";

type StripeConfig = NonNullable<Config["stripe"]>;

const UNAVAILABLE = "Card payments are unavailable right now. Please try again in a few minutes.";
const SETTING_UP = "Your subscription is already being set up. Please try again in a moment.";

/** The SDK pointed at api.stripe.com, or at `apiUrl` (stripe-mock, the tests' stand-in). */
export function createStripeClient(config: StripeConfig): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    // The API version this SDK release is pinned to, never an older one; named here so an SDK upgrade is a
    // visible change.
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
 * One Stripe API call, in a span named by its operation (`stripe customers.create`; never an id, an amount or a
 * member's details). Stripe's outages and rate limits are a 503 for the member, a concurrent duplicate a 409; anything else (bad
 * key, unknown price) is our configuration and a logged 500.
 */
async function call<T>(operation: string, request: () => Promise<T>): Promise<T> {
  try {
    return await inClientSpan(`stripe ${operation}`, { "tagit.stripe.operation": operation }, request);
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
  async function setCancelAtPeriodEnd(input: SubscriptionRef, cancel: boolean) {
    const subscription = await call("subscriptions.update", () =>
      stripe.subscriptions.update(input.subscriptionId, { cancel_at_period_end: cancel }),
    );
    return subscriptionEvent(
      `api_${cancel ? "cancel" : "resume"}_${subscription.id}_${input.now.getTime()}`,
      "customer.subscription.updated",
      input.now,
      subscription,
    );
  }

  return {
    kind: "stripe" as const,
    /** Stripe.js with the publishable key; a payment method that redirects returns to the dashboard. */
    browserConfirmation: {
      provider: "stripe" as const,
      publishableKey: config.publishableKey,
      returnUrl: `${publicUrl}/dashboard`,
    },
    /** Customers made by the test provider (before Stripe was configured) are not Stripe's. */
    ownsCustomer: (customerId: string) => !customerId.startsWith("test_cus_"),

    /** One customer per member: the idempotency key makes a double click create one customer, not two. */
    async createCustomer(member: { id: string; email: string; name: string }) {
      const customer = await call("customers.create", () =>
        stripe.customers.create(
          { email: member.email, name: member.name, metadata: { memberId: member.id } },
          { idempotencyKey: `tagit-customer-${member.id}` },
        ),
      );
      return customer.id;
    },

    /** Keeps receipts going to the member's current e-mail and name. */
    async updateCustomer(customerId: string, member: { email: string; name: string }) {
      await call("customers.update", () =>
        stripe.customers.update(customerId, { email: member.email, name: member.name }),
      );
    },

    /** Premium at STRIPE_PRICE_ID, waiting for its first invoice to be paid in the browser. */
    async createSubscription(input: { customerId: string; memberId: string }) {
      const subscription = await call("subscriptions.create", () =>
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
        await call("subscriptions.cancel", () => stripe.subscriptions.cancel(subscriptionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },

    /**
     * Stops renewal. Stripe's answer is applied at once (the member sees the end date straight away); the
     * matching customer.subscription.updated webhook then finds nothing left to change.
     */
    cancelAtPeriodEnd: (input: SubscriptionRef) => setCancelAtPeriodEnd(input, true),

    /** Renews again; Stripe's answer is applied at once, as when cancelling. Nothing is charged now. */
    resume: (input: SubscriptionRef) => setCancelAtPeriodEnd(input, false),

    /** The subscription as Stripe has it now; one Stripe no longer has is over. */
    async currentState(input: SubscriptionRef): Promise<SubscriptionBillingEvent> {
      const eventId = `api_check_${input.subscriptionId}_${input.now.getTime()}`;
      try {
        const subscription = await call("subscriptions.retrieve", () =>
          stripe.subscriptions.retrieve(input.subscriptionId),
        );
        return subscriptionEvent(eventId, "customer.subscription.updated", input.now, subscription);
      } catch (error) {
        if (
          !(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing")
        ) {
          throw error;
        }
        return {
          id: eventId,
          type: "customer.subscription.deleted",
          created: input.now,
          customerId: input.customerId,
          subscriptionId: input.subscriptionId,
          status: "canceled",
          cancelAtPeriodEnd: false,
          periodEnd: input.periodEnd,
        };
      }
    },

    /**
     * A SetupIntent for the member's new card, confirmed in the browser by the Payment Element in setup mode;
     * its metadata names the subscription, for the setup_intent.succeeded webhook (`applyConfirmedCard`).
     */
    async createCardSetup(input: { customerId: string; memberId: string; subscriptionId: string }) {
      const intent = await call("setupIntents.create", () =>
        stripe.setupIntents.create({
          customer: input.customerId,
          usage: "off_session",
          automatic_payment_methods: { enabled: true },
          metadata: { memberId: input.memberId, subscriptionId: input.subscriptionId },
        }),
      );
      if (!intent.client_secret)
        throw new Error(`Stripe answered setup intent ${intent.id} without a secret`);
      return { clientSecret: intent.client_secret };
    },

    /**
     * After setup_intent.succeeded: the card becomes the customer's and the subscription's default, and a
     * past-due subscription's open invoices are paid with it at once (Stripe then sends invoice.paid, or
     * invoice.payment_failed when this card is declined too). Answers the card's brand and last four digits.
     */
    async applyConfirmedCard(input: {
      customerId: string;
      subscriptionId: string;
      paymentMethodId: string;
    }): Promise<CardSummary | null> {
      const { customerId, subscriptionId, paymentMethodId } = input;
      const method = await call("paymentMethods.retrieve", () =>
        stripe.paymentMethods.retrieve(paymentMethodId),
      );
      await call("customers.update", () =>
        stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: paymentMethodId },
        }),
      );
      const subscription = await call("subscriptions.update", () =>
        stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethodId }),
      );
      if (subscription.status === "past_due" || subscription.status === "unpaid") {
        const open = await call("invoices.list", () =>
          stripe.invoices.list({ subscription: subscriptionId, status: "open" }),
        );
        for (const invoice of open.data) {
          if (!invoice.id) continue;
          const invoiceId = invoice.id;
          try {
            await call("invoices.pay", () =>
              stripe.invoices.pay(invoiceId, { payment_method: paymentMethodId }),
            );
          } catch (error) {
            // Declined again: Stripe reports it (invoice.payment_failed) and keeps retrying on its schedule.
            if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
          }
        }
      }
      return method.card ? { brand: method.card.brand, last4: method.card.last4 } : null;
    },
  };
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
