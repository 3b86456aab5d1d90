import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { PAYMENT_MESSAGES, TEST_CARDS } from "#contract/api/payments.ts";
import { PREMIUM_CURRENCY, PREMIUM_PRICE_MINOR } from "#contract/limits.ts";
import { AppError } from "#server/lib/app-error.ts";
import type {
  BillingEvent,
  CardSummary,
  InvoicePaidEvent,
  SubscriptionBillingEvent,
} from "./billing-event.ts";
import { nextPeriodEnd } from "./billing-rules.ts";
import type { SubscriptionRef } from "./payment-provider.ts";

type CardChangedEvent = Extract<BillingEvent, { type: "payment_method.updated" }>;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** A card as the TEST MODE form sends it. */
export type TestCard = { cardNumber: string; expMonth: number; expYear: number };

/** An open invoice to charge again (a past-due renewal). */
type OpenInvoice = {
  id: string;
  subscriptionId: string;
  amountMinor: number;
  currency: string;
  issuedAt: Date;
  periodStart: Date | null;
  periodEnd: Date | null;
};

/** Stripe's test cards are all Visa; only the last four digits are ever kept. */
const summaryOf = (cardNumber: string): CardSummary => ({ brand: "visa", last4: cardNumber.slice(-4) });

/** Whether a saved card (known by its last four digits) can be charged: 4000…0341 never can. */
const chargeable = (card: CardSummary | null) => card?.last4 !== TEST_CARDS.chargeFails.slice(-4);

/** Refuses what Stripe would refuse before charging anything: an expired, declined or unknown card. */
function checkCard(card: TestCard, now: Date) {
  const expiresAt = new Date(Date.UTC(card.expYear, card.expMonth, 1));
  if (expiresAt <= now) throw new AppError("payment_failed", PAYMENT_MESSAGES.expired);
  if (card.cardNumber === TEST_CARDS.declined)
    throw new AppError("payment_failed", PAYMENT_MESSAGES.declined);
  if (!Object.values(TEST_CARDS).includes(card.cardNumber as never)) {
    throw new AppError("validation", PAYMENT_MESSAGES.unknownTestCard, {
      cardNumber: PAYMENT_MESSAGES.unknownTestCard,
    });
  }
  return summaryOf(card.cardNumber);
}

/**
 * The offline provider (no Stripe keys): behaves like Stripe's test mode, including renewals (a job calls
 * `renew`) and card changes. A client secret names its subscription (or, for a card change, its member) and is
 * signed with APP_SECRET, so it needs no storage and cannot be forged or used by another member. The events a
 * confirmation produces have ids that follow from its secret (and a payment's from its invoice), so the billing
 * handler applies each once however often, or however many at once, a secret is confirmed.
 */
export function createTestProvider(appSecret: string) {
  const sign = (subject: string) => createHmac("sha256", appSecret).update(subject).digest("hex");
  const signedBy = (clientSecret: string, subject: (id: string) => string) => {
    const [secretId = "", signature = ""] = clientSecret.split("_secret_");
    const expected = Buffer.from(sign(subject(secretId)));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? secretId : undefined;
  };

  const paid = (
    eventId: string,
    customerId: string,
    invoice: OpenInvoice,
    card: CardSummary | null,
    now: Date,
  ): InvoicePaidEvent => ({
    id: eventId,
    type: "invoice.paid",
    created: now,
    customerId,
    subscriptionId: invoice.subscriptionId,
    invoiceId: invoice.id,
    amountPaidMinor: invoice.amountMinor,
    currency: invoice.currency,
    issuedAt: invoice.issuedAt,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    hostedUrl: null,
    card,
  });

  return {
    kind: "test" as const,
    /** The TEST MODE card form confirms through this provider's own routes (`test-payments.routes.ts`). */
    browserConfirmation: { provider: "test" } as const,
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
        clientSecret: `${subscriptionId}_secret_${sign(`test-subscription:${subscriptionId}`)}`,
        status: "incomplete",
      };
    },

    /** The subscription a client secret belongs to, or undefined when it was not made here. */
    subscriptionOf: (clientSecret: string) => signedBy(clientSecret, (sub) => `test-subscription:${sub}`),

    /** The id of the event that paying a subscription's first invoice records: one per client secret. */
    firstPaymentEventId: (subscriptionId: string) => `evt_test_first_${subscriptionId}`,

    /** Pays the first invoice: 4242… pays (an invoice.paid event); 4000…0002 and 4000…0341 are declined. */
    charge(input: TestCard & { customerId: string; subscriptionId: string; now: Date }): BillingEvent {
      const card = checkCard(input, input.now);
      if (!chargeable(card)) throw new AppError("payment_failed", PAYMENT_MESSAGES.declined);
      const invoice = {
        id: `in_test_first_${input.subscriptionId}`,
        subscriptionId: input.subscriptionId,
        amountMinor: PREMIUM_PRICE_MINOR,
        currency: PREMIUM_CURRENCY,
        issuedAt: input.now,
        periodStart: input.now,
        periodEnd: nextPeriodEnd(input.now),
      };
      return paid(`evt_test_first_${input.subscriptionId}`, input.customerId, invoice, card, input.now);
    },

    /** Nothing is ever charged again in test mode once ended, so there is nothing to stop. */
    async cancelNow(_subscriptionId: string) {},

    async cancelAtPeriodEnd(input: SubscriptionRef): Promise<SubscriptionBillingEvent> {
      return subscriptionChanged(input, true);
    },

    async resume(input: SubscriptionRef): Promise<SubscriptionBillingEvent> {
      return subscriptionChanged(input, false);
    },

    /** A test subscription is only what Tagit records of it: there is nothing newer to fetch. */
    async currentState(_input: SubscriptionRef): Promise<SubscriptionBillingEvent | undefined> {
      return undefined;
    },

    /** A card change starts with a setup secret bound to the member (Stripe: a SetupIntent). */
    async createCardSetup(input: { customerId: string; memberId: string; subscriptionId: string }) {
      const setupId = id("test_seti");
      return { clientSecret: `${setupId}_secret_${sign(`test-setup:${input.memberId}:${setupId}`)}` };
    },

    /** The setup a secret names when it was made here for this member, otherwise undefined. */
    setupOf: (clientSecret: string, memberId: string) =>
      signedBy(clientSecret, (setupId) => `test-setup:${memberId}:${setupId}`),

    /** The id of the event that saving a setup's card records: one per setup secret. */
    cardSavedEventId: (setupId: string) => `evt_test_setup_${setupId}`,

    /** Saves a card (4000…0341 too: only charging it fails); answers the payment_method.updated event. */
    saveCard(input: TestCard & { setupId: string; customerId: string; now: Date }): CardChangedEvent {
      return {
        id: `evt_test_setup_${input.setupId}`,
        type: "payment_method.updated",
        created: input.now,
        customerId: input.customerId,
        card: checkCard(input, input.now),
      };
    },

    /**
     * Charges an open invoice again with the member's card; a card that cannot be charged is declined. The
     * event id follows from the invoice: an invoice is paid once, whichever confirmation pays it.
     */
    payInvoice(input: { customerId: string; invoice: OpenInvoice; card: CardSummary; now: Date }) {
      if (!chargeable(input.card)) throw new AppError("payment_failed", PAYMENT_MESSAGES.declined);
      return paid(
        `evt_test_paid_${input.invoice.id}`,
        input.customerId,
        input.invoice,
        input.card,
        input.now,
      );
    },

    /**
     * The renewal at the end of a paid period: a new month's invoice charged to the saved card. Paid, it is
     * an invoice.paid; declined, the invoice stays open and the subscription turns past_due, as with Stripe.
     * Event ids follow from the subscription and the period, so a renewal applies once however often it runs.
     */
    renew(input: {
      customerId: string;
      subscriptionId: string;
      periodEnd: Date;
      card: CardSummary | null;
      now: Date;
    }): BillingEvent[] {
      const key = `${input.subscriptionId}_${input.periodEnd.getTime()}`;
      const invoice = {
        id: `in_test_renewal_${key}`,
        subscriptionId: input.subscriptionId,
        amountMinor: PREMIUM_PRICE_MINOR,
        currency: PREMIUM_CURRENCY,
        issuedAt: input.periodEnd,
        periodStart: input.periodEnd,
        periodEnd: nextPeriodEnd(input.periodEnd),
      };
      const at = input.now;
      if (chargeable(input.card))
        return [paid(`evt_test_renewal_${key}`, input.customerId, invoice, input.card, at)];
      return [
        {
          id: `evt_test_renewal_failed_${key}`,
          type: "invoice.payment_failed",
          created: at,
          customerId: input.customerId,
          subscriptionId: input.subscriptionId,
          invoiceId: invoice.id,
          amountDueMinor: invoice.amountMinor,
          currency: invoice.currency,
          issuedAt: invoice.issuedAt,
          periodStart: invoice.periodStart,
          periodEnd: invoice.periodEnd,
          hostedUrl: null,
        },
        {
          id: `evt_test_renewal_past_due_${key}`,
          type: "customer.subscription.updated",
          created: at,
          customerId: input.customerId,
          subscriptionId: input.subscriptionId,
          status: "past_due",
          cancelAtPeriodEnd: false,
          periodEnd: invoice.periodEnd,
        },
      ];
    },
  };
}

/** What cancelling or resuming a test subscription produces: only cancel_at_period_end changes. */
function subscriptionChanged(input: SubscriptionRef, cancelAtPeriodEnd: boolean): SubscriptionBillingEvent {
  return {
    id: id("evt_test"),
    type: "customer.subscription.updated",
    created: input.now,
    customerId: input.customerId,
    subscriptionId: input.subscriptionId,
    status: input.status,
    cancelAtPeriodEnd,
    periodEnd: input.periodEnd,
  };
}

export type TestProvider = ReturnType<typeof createTestProvider>;
