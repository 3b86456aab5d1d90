import { and, desc, eq, like, lte, ne, or } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { billingInvoices, paymentEvents, profiles } from "#server/db/schema/index.ts";
import type { InvoiceRow } from "./payments.repository.ts";

/** Test-provider customers: their ids are the test provider's own (`test_cus_…`). */
const testCustomer = like(profiles.stripeCustomerId, "test_cus_%");

/**
 * The queries only the test provider needs: it keeps no record of its own, so its confirmations, renewals and
 * endings read Tagit's (Stripe holds and reports these itself).
 */
export function createTestPaymentsRepository(db: Database) {
  return {
    /** Whether a provider event with this id has been handled. */
    async eventRecorded(id: string) {
      const rows = await db
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(eq(paymentEvents.id, id))
        .limit(1);
      return rows.length > 0;
    },

    /** The newest unpaid invoice of a subscription (what a card change retries). */
    async openInvoiceOf(memberId: string, subscriptionId: string): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(billingInvoices)
        .where(
          and(
            eq(billingInvoices.memberId, memberId),
            eq(billingInvoices.subscriptionId, subscriptionId),
            eq(billingInvoices.status, "open"),
          ),
        )
        .orderBy(desc(billingInvoices.issuedAt))
        .limit(1);
      return row;
    },

    /** Test subscriptions whose paid period is over and that renew (not cancelled), a batch at a time. */
    dueRenewals: (now: Date) =>
      db
        .select({
          id: profiles.id,
          customerId: profiles.stripeCustomerId,
          subscriptionId: profiles.stripeSubscriptionId,
          periodEnd: profiles.subscriptionCurrentPeriodEnd,
          cardBrand: profiles.cardBrand,
          cardLast4: profiles.cardLast4,
        })
        .from(profiles)
        .where(
          and(
            testCustomer,
            eq(profiles.subscriptionStatus, "active"),
            ne(profiles.subscriptionCancelAtPeriodEnd, true),
            lte(profiles.subscriptionCurrentPeriodEnd, now),
          ),
        )
        .limit(100),

    /**
     * Ends test subscriptions cancelled at period end once that period is over, and past-due ones whose lapse
     * date has come; answers how many.
     */
    async endCancelled(now: Date) {
      const rows = await db
        .update(profiles)
        .set({ subscriptionStatus: "canceled", subscriptionLapsesAt: null })
        .where(
          and(
            testCustomer,
            or(
              and(
                eq(profiles.subscriptionStatus, "active"),
                eq(profiles.subscriptionCancelAtPeriodEnd, true),
                lte(profiles.subscriptionCurrentPeriodEnd, now),
              ),
              and(eq(profiles.subscriptionStatus, "past_due"), lte(profiles.subscriptionLapsesAt, now)),
            ),
          ),
        )
        .returning({ id: profiles.id });
      return rows.length;
    },
  };
}

export type TestPaymentsRepository = ReturnType<typeof createTestPaymentsRepository>;
