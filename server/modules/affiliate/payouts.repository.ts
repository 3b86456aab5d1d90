import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PayoutsQuery } from "#contract/api/admin-money.ts";
import type { Database } from "#server/db/client.ts";
import { countRows, cursorAt, paginate } from "#server/db/paginate.ts";
import { affiliateEarnings, affiliatePayouts, profiles } from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";

const payee = alias(profiles, "payee");

/** What an administrator decides about a requested payout. */
export type PayoutDecision = { status: "completed" | "rejected"; adminNotes: string | null; now: Date };

/** Affiliate payouts: a member's requests of their balance, and an administrator's list and processing of them. */
export function createPayoutsRepository(db: Database) {
  return {
    payoutsOf: (userId: string) =>
      db
        .select()
        .from(affiliatePayouts)
        .where(eq(affiliatePayouts.userId, userId))
        .orderBy(desc(affiliatePayouts.requestedAt)),

    /**
     * Moves the whole available balance into one `requested` payout, atomically: the earnings are locked,
     * summed and attached in one transaction, and the partial unique index allows one pending payout.
     * Answers undefined when there is nothing to pay.
     */
    async requestPayout(
      userId: string,
      details: {
        id: string;
        payoutMethod: "bank_transfer" | "paypal";
        encrypted: string;
        masked: Record<string, string>;
      },
    ) {
      return withTransaction(db, async (tx) => {
        const available = await tx
          .select({ id: affiliateEarnings.id, amountMinor: affiliateEarnings.amountMinor })
          .from(affiliateEarnings)
          .where(
            and(
              eq(affiliateEarnings.userId, userId),
              eq(affiliateEarnings.status, "pending"),
              isNull(affiliateEarnings.payoutId),
            ),
          )
          .for("update");
        const amountMinor = available.reduce((sum, earning) => sum + earning.amountMinor, 0);
        if (amountMinor <= 0) return undefined;
        const [payout] = await tx
          .insert(affiliatePayouts)
          .values({
            id: details.id,
            userId,
            amountMinor,
            payoutMethod: details.payoutMethod,
            payoutDetailsEncrypted: details.encrypted,
            payoutDetailsMasked: details.masked,
          })
          .returning();
        if (!payout) throw new Error("payout insert returned nothing");
        for (const earning of available) {
          await tx
            .update(affiliateEarnings)
            .set({ payoutId: payout.id })
            .where(eq(affiliateEarnings.id, earning.id));
        }
        return payout;
      });
    },

    /** The payouts for the admin panel, newest request first, with the member; searched by name or tagg. */
    listPayouts(query: PayoutsQuery) {
      return paginate({
        db,
        name: "admin_payouts",
        query,
        keys: { createdAt: affiliatePayouts.requestedAt, id: affiliatePayouts.id },
        searchIn: [payee.firstName, payee.lastName, sql`coalesce(${payee.tagg}, '')`],
        filter: query.status ? eq(affiliatePayouts.status, query.status) : undefined,
        rows: (where, limit) =>
          db
            .select({
              id: affiliatePayouts.id,
              payout: affiliatePayouts,
              member: {
                id: payee.id,
                firstName: payee.firstName,
                lastName: payee.lastName,
                tagg: payee.tagg,
              },
              cursorAt: cursorAt(affiliatePayouts.requestedAt),
            })
            .from(affiliatePayouts)
            .innerJoin(payee, eq(payee.id, affiliatePayouts.userId))
            .where(where)
            .orderBy(desc(affiliatePayouts.requestedAt), desc(affiliatePayouts.id))
            .limit(limit),
        countUpTo: (where, upTo) =>
          countRows(
            db,
            db
              .select({ one: sql`1` })
              .from(affiliatePayouts)
              .innerJoin(payee, eq(payee.id, affiliatePayouts.userId))
              .where(where)
              .limit(upTo)
              .as("matches"),
          ),
      });
    },

    async findPayout(id: string) {
      const [row] = await db.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, id)).limit(1);
      return row;
    },

    /**
     * Completes or rejects a requested payout, once: the payout row is locked, so of two administrators (or a
     * refund) acting at once the second sees the first's outcome. Completing marks its earnings paid; rejecting
     * detaches them, so they are available to the member again. Answers the payout before and after, or
     * `undefined` when there is no such payout; `after` is undefined when it was no longer `requested`.
     */
    async processPayout(id: string, decision: PayoutDecision) {
      return withTransaction(db, async (tx) => {
        const [before] = await tx
          .select()
          .from(affiliatePayouts)
          .where(eq(affiliatePayouts.id, id))
          .for("update");
        if (!before) return undefined;
        if (before.status !== "requested") return { before, after: undefined };
        const [after] = await tx
          .update(affiliatePayouts)
          .set({ status: decision.status, processedAt: decision.now, adminNotes: decision.adminNotes })
          .where(eq(affiliatePayouts.id, id))
          .returning();
        const ofPayout = and(eq(affiliateEarnings.payoutId, id), eq(affiliateEarnings.status, "pending"));
        if (decision.status === "completed") {
          await tx.update(affiliateEarnings).set({ status: "paid" }).where(ofPayout);
        } else {
          await tx.update(affiliateEarnings).set({ payoutId: null }).where(ofPayout);
        }
        return { before, after };
      });
    },
  };
}

export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;
