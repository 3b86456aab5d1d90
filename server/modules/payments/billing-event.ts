import type { SubscriptionStatus } from "#contract/plans.ts";

/** The brand ("visa") and last four digits of a card; never more of it. */
export type CardSummary = { brand: string; last4: string };

/** What the receipts list keeps of an invoice of a subscription. */
type InvoiceFacts = {
  customerId: string;
  subscriptionId: string;
  invoiceId: string;
  currency: string;
  /** When the invoice was made (a renewal's date). */
  issuedAt: Date;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** Stripe's hosted invoice page; null for the test provider (its receipt is our own page). */
  hostedUrl: string | null;
};

/**
 * A provider event reduced to what Tagit acts on. Both the Stripe webhook and the test provider produce these,
 * and one handler applies them (idempotent by `id`, in any order).
 */
export type BillingEvent =
  | ({
      id: string;
      type: "invoice.paid";
      created: Date;
      amountPaidMinor: number;
      /** The card it was paid with, when the provider says. */
      card: CardSummary | null;
    } & InvoiceFacts)
  | ({
      id: string;
      /** A renewal could not be charged: the invoice stays open and the provider retries it. */
      type: "invoice.payment_failed";
      created: Date;
      amountDueMinor: number;
    } & InvoiceFacts)
  | {
      id: string;
      type: "customer.subscription.updated" | "customer.subscription.deleted";
      created: Date;
      customerId: string;
      subscriptionId: string;
      status: SubscriptionStatus;
      cancelAtPeriodEnd: boolean;
      periodEnd: Date | null;
    }
  | {
      id: string;
      /** The member saved a new card, now the subscription's default. */
      type: "payment_method.updated";
      created: Date;
      customerId: string;
      card: CardSummary;
    }
  | { id: string; type: "charge.refunded"; created: Date; customerId: string; invoiceId: string };

/** A change to a subscription (what cancelling and resuming produce). */
export type SubscriptionBillingEvent = Extract<
  BillingEvent,
  { type: "customer.subscription.updated" | "customer.subscription.deleted" }
>;
export type InvoicePaidEvent = Extract<BillingEvent, { type: "invoice.paid" }>;
export type InvoiceFailedEvent = Extract<BillingEvent, { type: "invoice.payment_failed" }>;
