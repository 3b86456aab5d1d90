import type { SubscriptionStatus } from "#contract/plans.ts";

/**
 * A provider event reduced to what Tagit acts on. Both the Stripe webhook and the test provider produce these,
 * and one handler applies them (idempotent by `id`, in any order).
 */
export type BillingEvent =
  | {
      id: string;
      type: "invoice.paid";
      created: Date;
      customerId: string;
      subscriptionId: string;
      invoiceId: string;
      amountPaidMinor: number;
      currency: string;
      periodEnd: Date | null;
    }
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
  | { id: string; type: "charge.refunded"; created: Date; customerId: string; invoiceId: string };

/** A change to a subscription (what cancelling produces). */
export type SubscriptionBillingEvent = Extract<
  BillingEvent,
  { type: "customer.subscription.updated" | "customer.subscription.deleted" }
>;
