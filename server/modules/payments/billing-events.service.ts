import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { affiliateEarnings, affiliateReferrals, paymentEvents, profiles } from "#server/db/schema/index.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { BillingEvent } from "./billing-event.ts";

/** A referral earns commission only when the first payment comes within 30 days of following the link. */
const ATTRIBUTION_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** "10.00" percent of `amountMinor` pence, in whole pence, with integer arithmetic only. */
export function commissionMinor(amountMinor: number, percentage: string): number {
  const [whole = "0", fraction = ""] = percentage.split(".");
  const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
  return Math.floor((amountMinor * basisPoints) / 10_000);
}

type Deps = { db: Database; clock: Clock };

/**
 * The one handler for provider events. Each event id is applied once (the payment_events primary key, in
 * the same transaction as its effects); subscription changes strictly older than the last applied one are
 * ignored (events in the same second still apply, in arrival order),
 * so events may arrive in any order.
 */
export function createBillingEventsService({ db, clock }: Deps) {
  return {
    async apply(provider: string, event: BillingEvent): Promise<"applied" | "duplicate"> {
      return db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(paymentEvents)
          .values({ id: event.id, provider, type: event.type })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (!fresh) return "duplicate";

        const [member] = await tx
          .select()
          .from(profiles)
          .where(eq(profiles.stripeCustomerId, event.customerId))
          .limit(1);
        if (!member) return "applied";
        const newer = or(
          isNull(profiles.subscriptionUpdatedAt),
          lte(profiles.subscriptionUpdatedAt, event.created),
        );

        if (event.type === "invoice.paid") {
          await tx
            .update(profiles)
            .set({
              subscriptionStatus: "active",
              stripeSubscriptionId: event.subscriptionId,
              subscriptionCurrentPeriodEnd: event.periodEnd,
              subscriptionUpdatedAt: event.created,
              updatedAt: clock.now(),
            })
            .where(and(eq(profiles.id, member.id), newer));
          const [referral] = await tx
            .select()
            .from(affiliateReferrals)
            .where(
              and(eq(affiliateReferrals.referredId, member.id), eq(affiliateReferrals.status, "pending")),
            )
            .limit(1);
          if (referral) {
            const followed = referral.linkFollowedAt ?? referral.createdAt;
            const inWindow = event.created.getTime() - followed.getTime() <= ATTRIBUTION_WINDOW_MS;
            await tx
              .update(affiliateReferrals)
              .set(
                inWindow ? { status: "confirmed", subscriptionDate: event.created } : { status: "expired" },
              )
              .where(eq(affiliateReferrals.id, referral.id));
            if (inWindow) {
              await tx
                .insert(affiliateEarnings)
                .values({
                  userId: referral.referrerId,
                  referralId: referral.id,
                  invoiceId: event.invoiceId,
                  amountMinor: commissionMinor(event.amountPaidMinor, referral.commissionPercentage),
                  currency: event.currency.toUpperCase(),
                })
                .onConflictDoNothing();
            }
          }
        } else if (event.type === "charge.refunded") {
          // A refund reverses an earning that has not been paid out yet.
          await tx
            .update(affiliateEarnings)
            .set({ status: "reversed" })
            .where(
              and(
                eq(affiliateEarnings.invoiceId, event.invoiceId),
                eq(affiliateEarnings.status, "pending"),
                isNull(affiliateEarnings.payoutId),
              ),
            );
        } else {
          // Only the member's current subscription moves their status: an abandoned incomplete one that
          // expires later must not end the Premium they paid for on another.
          const status = event.type === "customer.subscription.deleted" ? "canceled" : event.status;
          await tx
            .update(profiles)
            .set({
              subscriptionStatus: status,
              subscriptionCancelAtPeriodEnd: event.cancelAtPeriodEnd,
              subscriptionCurrentPeriodEnd: event.periodEnd,
              subscriptionUpdatedAt: event.created,
              updatedAt: clock.now(),
            })
            .where(
              and(eq(profiles.id, member.id), eq(profiles.stripeSubscriptionId, event.subscriptionId), newer),
            );
        }
        return "applied";
      });
    },
  };
}

export type BillingEventsService = ReturnType<typeof createBillingEventsService>;
