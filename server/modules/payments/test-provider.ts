import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { PAYMENT_MESSAGES, TEST_CARDS } from "#contract/api/payments.ts";
import { PREMIUM_CURRENCY, PREMIUM_PRICE_MINOR } from "#contract/limits.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { BillingEvent, SubscriptionBillingEvent } from "./billing-event.ts";

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/**
 * The offline provider (no Stripe keys): behaves like Stripe's test mode. A client secret names its
 * subscription and is signed with APP_SECRET, so it needs no storage and cannot be forged.
 */
export function createTestProvider(appSecret: string) {
  const sign = (subscriptionId: string) =>
    createHmac("sha256", appSecret).update(`test-subscription:${subscriptionId}`).digest("hex");

  return {
    kind: "test" as const,
    ownsCustomer: (customerId: string) => customerId.startsWith("test_cus_"),

    async createCustomer(_member: { id: string; email: string; name: string }) {
      return id("test_cus");
    },

    /** Test customers hold no details. */
    async updateCustomer(_customerId: string, _member: { email: string; name: string }) {},

    async createSubscription(_input: { customerId: string; memberId: string }) {
      const subscriptionId = id("test_sub");
      return {
        subscriptionId,
        clientSecret: `${subscriptionId}_secret_${sign(subscriptionId)}`,
        status: "incomplete",
      };
    },

    /** The subscription a client secret belongs to, or undefined when it was not made here. */
    subscriptionOf(clientSecret: string) {
      const [subscriptionId = "", signature = ""] = clientSecret.split("_secret_");
      const expected = Buffer.from(sign(subscriptionId));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? subscriptionId
        : undefined;
    },

    /** Charges a Stripe test card: 4242… pays (an invoice.paid event), 4000…0002 is declined. */
    charge(input: {
      customerId: string;
      subscriptionId: string;
      cardNumber: string;
      expMonth: number;
      expYear: number;
      now: Date;
    }): BillingEvent {
      const expiresAt = new Date(Date.UTC(input.expYear, input.expMonth, 1));
      if (expiresAt <= input.now) throw new AppError("payment_failed", PAYMENT_MESSAGES.expired);
      if (input.cardNumber === TEST_CARDS.declined)
        throw new AppError("payment_failed", PAYMENT_MESSAGES.declined);
      if (input.cardNumber !== TEST_CARDS.pays) {
        throw new AppError(
          "validation",
          "In test mode use 4242 4242 4242 4242 (pays) or 4000 0000 0000 0002 (declined)",
        );
      }
      const periodEnd = new Date(input.now);
      periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
      return {
        id: id("evt_test"),
        type: "invoice.paid",
        created: input.now,
        customerId: input.customerId,
        subscriptionId: input.subscriptionId,
        invoiceId: id("in_test"),
        amountPaidMinor: PREMIUM_PRICE_MINOR,
        currency: PREMIUM_CURRENCY,
        periodEnd,
      };
    },

    /** Nothing is ever charged again in test mode, so there is nothing to stop. */
    async cancelNow(_subscriptionId: string) {},

    async cancelAtPeriodEnd(input: {
      customerId: string;
      subscriptionId: string;
      periodEnd: Date | null;
      now: Date;
    }): Promise<SubscriptionBillingEvent> {
      return {
        id: id("evt_test"),
        type: "customer.subscription.updated",
        created: input.now,
        customerId: input.customerId,
        subscriptionId: input.subscriptionId,
        status: "active",
        cancelAtPeriodEnd: true,
        periodEnd: input.periodEnd,
      };
    },
  };
}

export type TestProvider = ReturnType<typeof createTestProvider>;
