import { and, asc, eq, gte, isNull, like, lt, lte, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#server/db/client.ts";
import { paymentEvents, profiles } from "#server/db/schema/index.ts";
import type { BillingEvent, SubscriptionBillingEvent } from "./billing-event.ts";

type PaidEvent = Extract<BillingEvent, { type: "invoice.paid" }>;
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
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.stripeCustomerId, customerId))
        .limit(1);
      return row;
    },

    async markPaid(memberId: string, event: PaidEvent) {
      await db
        .update(profiles)
        .set({
          subscriptionStatus: "active",
          stripeSubscriptionId: event.subscriptionId,
          subscriptionCurrentPeriodEnd: event.periodEnd,
          subscriptionUpdatedAt: event.created,
        })
        .where(and(eq(profiles.id, memberId), notOlderThan(event.created)));
    },

    /**
     * Only the member's current subscription moves their status: an abandoned incomplete one that expires
     * later must not end the Premium they paid for on another.
     */
    async applySubscriptionChange(memberId: string, event: SubscriptionBillingEvent) {
      await db
        .update(profiles)
        .set({
          subscriptionStatus: event.type === "customer.subscription.deleted" ? "canceled" : event.status,
          subscriptionCancelAtPeriodEnd: event.cancelAtPeriodEnd,
          subscriptionCurrentPeriodEnd: event.periodEnd,
          subscriptionUpdatedAt: event.created,
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

    /** Ends test-provider subscriptions cancelled at period end once that period is over (Stripe sends its own event). */
    async endCancelledTestSubscriptions(now: Date) {
      const rows = await db
        .update(profiles)
        .set({ subscriptionStatus: "canceled" })
        .where(
          and(
            eq(profiles.subscriptionStatus, "active"),
            eq(profiles.subscriptionCancelAtPeriodEnd, true),
            lte(profiles.subscriptionCurrentPeriodEnd, now),
            like(profiles.stripeCustomerId, "test_cus_%"),
          ),
        )
        .returning({ id: profiles.id });
      return rows.length;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
