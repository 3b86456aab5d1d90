import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  or,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#server/db/client.ts";
import { billingInvoices, paymentEvents, profiles } from "#server/db/schema/index.ts";
import type {
  CardSummary,
  InvoiceFailedEvent,
  InvoicePaidEvent,
  SubscriptionBillingEvent,
} from "./billing-event.ts";

export type InvoiceRow = typeof billingInvoices.$inferSelect;
const refunds = alias(paymentEvents, "refunds");

/** Only an event at least as new as the last one applied may change the member's subscription. */
const notOlderThan = (created: Date) =>
  or(isNull(profiles.subscriptionUpdatedAt), lte(profiles.subscriptionUpdatedAt, created));

/** Provider events already handled, and the member's subscription state (columns of their profile). */
export function createPaymentsRepository(db: Database) {
  return {
    /** Records a provider event; false when it was handled before (its id is the primary key). */
    async recordEvent(values: typeof paymentEvents.$inferInsert) {
      const [fresh] = await db
        .insert(paymentEvents)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      return Boolean(fresh);
    },

    /**
     * Premium revenue paid in [from, to): paid invoices less those refunded since, one total per currency.
     * Read from the provider events already recorded (their amount and time, kept since migration 0007).
     */
    revenueBetween: (from: Date, to: Date) =>
      db
        .select({
          currency: sql<string>`upper(${paymentEvents.currency})`,
          total: sql<number>`coalesce(sum(${paymentEvents.amountMinor}), 0)::int`,
        })
        .from(paymentEvents)
        .where(
          and(
            eq(paymentEvents.type, "invoice.paid"),
            gte(paymentEvents.occurredAt, from),
            lt(paymentEvents.occurredAt, to),
            notExists(
              db
                .select({ id: refunds.id })
                .from(refunds)
                .where(
                  and(eq(refunds.type, "charge.refunded"), eq(refunds.invoiceId, paymentEvents.invoiceId)),
                ),
            ),
          ),
        )
        .groupBy(sql`upper(${paymentEvents.currency})`)
        .orderBy(asc(sql`upper(${paymentEvents.currency})`)),

    async findMemberByCustomer(customerId: string) {
      const [row] = await db
        .select({
          id: profiles.id,
          email: profiles.email,
          firstName: profiles.firstName,
          subscriptionStatus: profiles.subscriptionStatus,
        })
        .from(profiles)
        .where(eq(profiles.stripeCustomerId, customerId))
        .limit(1);
      return row;
    },

    async findProfile(memberId: string) {
      const [row] = await db.select().from(profiles).where(eq(profiles.id, memberId)).limit(1);
      return row;
    },

    /** A paid invoice makes the member Premium and ends a past-due spell; its card is the one in use. */
    async markPaid(memberId: string, event: InvoicePaidEvent) {
      await db
        .update(profiles)
        .set({
          subscriptionStatus: "active",
          stripeSubscriptionId: event.subscriptionId,
          subscriptionCurrentPeriodEnd: event.periodEnd,
          subscriptionUpdatedAt: event.created,
          subscriptionLapsesAt: null,
          ...(event.card && { cardBrand: event.card.brand, cardLast4: event.card.last4 }),
        })
        .where(and(eq(profiles.id, memberId), notOlderThan(event.created)));
    },

    /**
     * The first failed renewal of the member's current subscription sets when Premium lapses; true only then
     * (the provider's later retries of the same invoice change nothing and mail nobody again).
     */
    async startPastDue(memberId: string, subscriptionId: string, lapsesAt: Date) {
      const rows = await db
        .update(profiles)
        .set({ subscriptionLapsesAt: lapsesAt })
        .where(
          and(
            eq(profiles.id, memberId),
            eq(profiles.stripeSubscriptionId, subscriptionId),
            isNull(profiles.subscriptionLapsesAt),
          ),
        )
        .returning({ id: profiles.id });
      return rows.length > 0;
    },

    async setCard(memberId: string, card: CardSummary) {
      await db
        .update(profiles)
        .set({ cardBrand: card.brand, cardLast4: card.last4 })
        .where(eq(profiles.id, memberId));
    },

    /** Keeps a paid invoice (again: once); a paid one is never turned back to open by a late failure event. */
    async savePaidInvoice(memberId: string, provider: string, event: InvoicePaidEvent) {
      const paid = {
        status: "paid" as const,
        amountMinor: event.amountPaidMinor,
        paidAt: event.created,
        cardBrand: event.card?.brand ?? null,
        cardLast4: event.card?.last4 ?? null,
      };
      await db
        .insert(billingInvoices)
        .values({ ...invoiceValues(memberId, provider, event), ...paid })
        .onConflictDoUpdate({ target: billingInvoices.id, set: paid });
    },

    async saveOpenInvoice(memberId: string, provider: string, event: InvoiceFailedEvent) {
      await db
        .insert(billingInvoices)
        .values({
          ...invoiceValues(memberId, provider, event),
          status: "open",
          amountMinor: event.amountDueMinor,
        })
        .onConflictDoNothing();
    },

    /** The member's own invoices, newest first. */
    listInvoices: (memberId: string, limit = 100) =>
      db
        .select()
        .from(billingInvoices)
        .where(eq(billingInvoices.memberId, memberId))
        .orderBy(desc(billingInvoices.issuedAt), desc(billingInvoices.id))
        .limit(limit),

    async findInvoice(memberId: string, invoiceId: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(billingInvoices)
        .where(and(eq(billingInvoices.memberId, memberId), eq(billingInvoices.id, invoiceId)))
        .limit(1);
      return row;
    },

    /**
     * Only the member's current subscription moves their status: an abandoned incomplete one that expires
     * later must not end the Premium they paid for on another.
     */
    async applySubscriptionChange(memberId: string, event: SubscriptionBillingEvent) {
      const status = event.type === "customer.subscription.deleted" ? "canceled" : event.status;
      await db
        .update(profiles)
        .set({
          subscriptionStatus: status,
          subscriptionCancelAtPeriodEnd: event.cancelAtPeriodEnd,
          subscriptionCurrentPeriodEnd: event.periodEnd,
          subscriptionUpdatedAt: event.created,
          // Out of past due (paid, or ended): no lapse date is shown any more.
          ...(status !== "past_due" && { subscriptionLapsesAt: null }),
        })
        .where(
          and(
            eq(profiles.id, memberId),
            eq(profiles.stripeSubscriptionId, event.subscriptionId),
            notOlderThan(event.created),
          ),
        );
    },

    async setCustomer(memberId: string, stripeCustomerId: string) {
      await db.update(profiles).set({ stripeCustomerId }).where(eq(profiles.id, memberId));
    },

    async setSubscription(memberId: string, stripeSubscriptionId: string) {
      await db.update(profiles).set({ stripeSubscriptionId }).where(eq(profiles.id, memberId));
    },

    /**
     * Subscriptions still running on record though their paid period or a failed renewal's lapse date has
     * passed, those checked longest ago first, a batch at a time.
     */
    runningPastPeriodEnd: (now: Date) =>
      db
        .select({
          id: profiles.id,
          stripeCustomerId: profiles.stripeCustomerId,
          stripeSubscriptionId: profiles.stripeSubscriptionId,
          subscriptionStatus: profiles.subscriptionStatus,
          subscriptionCancelAtPeriodEnd: profiles.subscriptionCancelAtPeriodEnd,
          subscriptionCurrentPeriodEnd: profiles.subscriptionCurrentPeriodEnd,
          subscriptionLapsesAt: profiles.subscriptionLapsesAt,
        })
        .from(profiles)
        .where(
          and(
            inArray(profiles.subscriptionStatus, ["active", "past_due"]),
            isNotNull(profiles.stripeCustomerId),
            isNotNull(profiles.stripeSubscriptionId),
            or(lte(profiles.subscriptionCurrentPeriodEnd, now), lte(profiles.subscriptionLapsesAt, now)),
          ),
        )
        .orderBy(sql`${profiles.subscriptionUpdatedAt} asc nulls first`, asc(profiles.id))
        .limit(100),
  };
}

function invoiceValues(
  memberId: string,
  provider: string,
  event: InvoicePaidEvent | InvoiceFailedEvent,
): Omit<typeof billingInvoices.$inferInsert, "status" | "amountMinor"> {
  return {
    id: event.invoiceId,
    memberId,
    provider,
    subscriptionId: event.subscriptionId,
    currency: event.currency.toUpperCase(),
    url: event.hostedUrl,
    issuedAt: event.issuedAt,
    periodStart: event.periodStart,
    periodEnd: event.periodEnd,
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
