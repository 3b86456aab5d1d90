import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#server/db/client.ts";
import {
  affiliateEarnings,
  affiliateLinks,
  affiliatePayouts,
  affiliateReferrals,
  profiles,
} from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";

const referred = alias(profiles, "referred");

/** Unambiguous letters and digits (no 0/O, 1/I). */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const newCode = () =>
  Array.from(randomBytes(8), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join("");

const REFUNDED_PAYOUT_NOTE = "Cancelled: every earning in it was refunded before it was paid.";

/** The affiliate programme's codes, referrals and earnings, and its totals; payouts are in payouts.repository.ts. */
export function createAffiliateRepository(db: Database) {
  return {
    /** The member's referral code, created on first use. */
    async ensureCode(userId: string): Promise<string> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const [existing] = await db
          .select()
          .from(affiliateLinks)
          .where(eq(affiliateLinks.userId, userId))
          .limit(1);
        if (existing) return existing.referralCode;
        await db.insert(affiliateLinks).values({ userId, referralCode: newCode() }).onConflictDoNothing();
      }
      throw new Error("could not create a referral code");
    },

    async findLinkByCode(referralCode: string) {
      const [row] = await db
        .select()
        .from(affiliateLinks)
        .where(eq(affiliateLinks.referralCode, referralCode))
        .limit(1);
      return row;
    },

    /** One referrer per member: a second attribution is ignored. */
    async insertReferral(values: typeof affiliateReferrals.$inferInsert) {
      await db.insert(affiliateReferrals).values(values).onConflictDoNothing();
    },

    /** The member's referral still waiting for their first paid invoice. */
    async pendingReferralOf(referredId: string) {
      const [row] = await db
        .select()
        .from(affiliateReferrals)
        .where(and(eq(affiliateReferrals.referredId, referredId), eq(affiliateReferrals.status, "pending")))
        .limit(1);
      return row;
    },

    /**
     * Settles a pending referral; false when another transaction settled it first. The status condition is
     * re-checked after waiting for that transaction's row lock, so of two racing first payments exactly one
     * wins (and creates the earning).
     */
    async settleReferral(
      id: string,
      outcome: { status: "confirmed"; subscriptionDate: Date } | { status: "expired" },
    ): Promise<boolean> {
      const settled = await db
        .update(affiliateReferrals)
        .set(outcome)
        .where(and(eq(affiliateReferrals.id, id), eq(affiliateReferrals.status, "pending")))
        .returning({ id: affiliateReferrals.id });
      return settled.length > 0;
    },

    /** One earning per invoice (unique index): a replayed invoice earns nothing more. */
    async insertEarning(values: typeof affiliateEarnings.$inferInsert) {
      await db.insert(affiliateEarnings).values(values).onConflictDoNothing();
    },

    /**
     * Reverses the invoice's earning unless it was paid out. An earning inside a payout that is only
     * `requested` leaves it: the payout shrinks by that amount, or is `cancelled` when nothing is left
     * (decision 019). The earning and its payout are locked, so a payout request or processing in flight
     * waits for this.
     */
    async reverseUnpaidEarning(invoiceId: string, now: Date) {
      await withTransaction(db, async (tx) => {
        const [earning] = await tx
          .select()
          .from(affiliateEarnings)
          .where(and(eq(affiliateEarnings.invoiceId, invoiceId), eq(affiliateEarnings.status, "pending")))
          .for("update");
        if (!earning) return;
        if (earning.payoutId) {
          const [payout] = await tx
            .select()
            .from(affiliatePayouts)
            .where(eq(affiliatePayouts.id, earning.payoutId))
            .for("update");
          if (payout?.status !== "requested") return;
          const remaining = payout.amountMinor - earning.amountMinor;
          await tx
            .update(affiliatePayouts)
            .set(
              remaining > 0
                ? { amountMinor: remaining }
                : { status: "cancelled", processedAt: now, adminNotes: REFUNDED_PAYOUT_NOTE },
            )
            .where(eq(affiliatePayouts.id, payout.id));
        }
        await tx
          .update(affiliateEarnings)
          .set({ status: "reversed", payoutId: null })
          .where(eq(affiliateEarnings.id, earning.id));
      });
    },

    referralsOf: (userId: string) =>
      db
        .select({
          referral: affiliateReferrals,
          tagg: referred.tagg,
          firstName: referred.firstName,
          lastName: referred.lastName,
        })
        .from(affiliateReferrals)
        .leftJoin(referred, eq(referred.id, affiliateReferrals.referredId))
        .where(eq(affiliateReferrals.referrerId, userId))
        .orderBy(desc(affiliateReferrals.createdAt)),

    earningsOf: (userId: string) =>
      db
        .select()
        .from(affiliateEarnings)
        .where(eq(affiliateEarnings.userId, userId))
        .orderBy(desc(affiliateEarnings.createdAt)),

    /** The programme's totals for the admin panel, in pence. */
    async stats() {
      const [[links], [referrals], [payouts]] = await Promise.all([
        db.select({ affiliates: count() }).from(affiliateLinks),
        db
          .select({
            referrals: count(),
            confirmed: sql<number>`(count(*) filter (where ${affiliateReferrals.status} = 'confirmed'))::int`,
          })
          .from(affiliateReferrals),
        db
          .select({
            paid: sql<number>`(coalesce(sum(${affiliatePayouts.amountMinor}) filter (where ${affiliatePayouts.status} = 'completed'), 0))::int`,
            pending: sql<number>`(coalesce(sum(${affiliatePayouts.amountMinor}) filter (where ${affiliatePayouts.status} = 'requested'), 0))::int`,
          })
          .from(affiliatePayouts),
      ]);
      return {
        affiliates: links?.affiliates ?? 0,
        referrals: referrals?.referrals ?? 0,
        confirmedReferrals: referrals?.confirmed ?? 0,
        payoutsTotal: payouts?.paid ?? 0,
        pendingPayoutsTotal: payouts?.pending ?? 0,
      };
    },

    /** Earnings of one status (`pending`: owed, `paid`: paid out), one total per currency. */
    earningsByCurrency: (status: "pending" | "paid") =>
      db
        .select({
          currency: affiliateEarnings.currency,
          total: sql<number>`(coalesce(sum(${affiliateEarnings.amountMinor}), 0))::int`,
        })
        .from(affiliateEarnings)
        .where(eq(affiliateEarnings.status, status))
        .groupBy(affiliateEarnings.currency)
        .orderBy(asc(affiliateEarnings.currency)),
  };
}

export type AffiliateRepository = ReturnType<typeof createAffiliateRepository>;
