import type Stripe from "stripe";
import { subscriptionStatusOf } from "#contract/plans.ts";
import type { BillingEvent, SubscriptionBillingEvent } from "./billing-event.ts";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : value?.id;

const fromUnix = (seconds: number | null | undefined) =>
  typeof seconds === "number" ? new Date(seconds * 1000) : null;

/** A subscription object as the handler's event (its period lives on the items since API 2025-03-31). */
export function subscriptionEvent(
  id: string,
  type: "customer.subscription.updated" | "customer.subscription.deleted",
  created: Date,
  subscription: Stripe.Subscription,
): SubscriptionBillingEvent {
  const periodEnds = subscription.items.data.map((item) => item.current_period_end);
  return {
    id,
    type,
    created,
    customerId: idOf(subscription.customer) ?? "",
    subscriptionId: subscription.id,
    status: subscriptionStatusOf(subscription.status),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    periodEnd: periodEnds.length > 0 ? fromUnix(Math.max(...periodEnds)) : null,
  };
}

/** What the receipts list keeps of a subscription's invoice; undefined for other invoices. */
function invoiceFacts(invoice: Stripe.Invoice) {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  const customerId = idOf(invoice.customer);
  if (!subscriptionId || !customerId || !invoice.id) return undefined;
  const periods = invoice.lines.data.map((line) => line.period);
  return {
    customerId,
    subscriptionId,
    invoiceId: invoice.id,
    currency: invoice.currency.toUpperCase(),
    issuedAt: new Date(invoice.created * 1000),
    periodStart: periods.length > 0 ? fromUnix(Math.min(...periods.map((period) => period.start))) : null,
    periodEnd: periods.length > 0 ? fromUnix(Math.max(...periods.map((period) => period.end))) : null,
    hostedUrl: invoice.hosted_invoice_url ?? null,
  };
}

/** A card confirmed for a subscription of ours (setup_intent.succeeded of `createCardSetup`), or undefined. */
export function confirmedCardSetup(event: Stripe.Event) {
  if (event.type !== "setup_intent.succeeded") return undefined;
  const intent = event.data.object;
  const customerId = idOf(intent.customer);
  const paymentMethodId = idOf(intent.payment_method);
  const subscriptionId = intent.metadata?.subscriptionId;
  if (!customerId || !paymentMethodId || !subscriptionId) return undefined;
  return { customerId, paymentMethodId, subscriptionId };
}

/**
 * A verified webhook event reduced to what Tagit acts on, or undefined for events it ignores (other types,
 * invoices that are not for a subscription, partial refunds). Refunds name a charge, not an invoice, so the
 * invoice is looked up through its payment.
 */
export async function toBillingEvent(event: Stripe.Event, stripe: Stripe): Promise<BillingEvent | undefined> {
  const created = new Date(event.created * 1000);
  switch (event.type) {
    case "invoice.paid": {
      const facts = invoiceFacts(event.data.object);
      if (!facts) return undefined;
      return {
        id: event.id,
        type: "invoice.paid",
        created,
        ...facts,
        amountPaidMinor: event.data.object.amount_paid,
        card: null,
      };
    }
    case "invoice.payment_failed": {
      // Only a renewal: a first payment declined in the Payment Element is answered in the browser.
      const facts = invoiceFacts(event.data.object);
      if (!facts || event.data.object.billing_reason !== "subscription_cycle") return undefined;
      return {
        id: event.id,
        type: "invoice.payment_failed",
        created,
        ...facts,
        amountDueMinor: event.data.object.amount_due,
      };
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return subscriptionEvent(event.id, event.type, created, event.data.object);
    case "charge.refunded": {
      const charge = event.data.object;
      const customerId = idOf(charge.customer);
      const paymentIntent = idOf(charge.payment_intent);
      if (!charge.refunded || !customerId || !paymentIntent) return undefined;
      const payments = await stripe.invoicePayments.list({
        payment: { type: "payment_intent", payment_intent: paymentIntent },
        limit: 1,
      });
      const invoiceId = idOf(payments.data[0]?.invoice);
      if (!invoiceId) return undefined;
      return { id: event.id, type: "charge.refunded", created, customerId, invoiceId };
    }
    default:
      return undefined;
  }
}
