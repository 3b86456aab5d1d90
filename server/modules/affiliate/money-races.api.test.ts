import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  affiliateEarnings,
  affiliateLinks,
  affiliatePayouts,
  affiliateReferrals,
  profiles,
} from "#server/db/schema/index.ts";
import { withTransaction } from "#server/db/transaction.ts";
import { affiliateFor, billingFor, CARD_EXPIRY, invoicePaidEvent } from "#server/test/billing.ts";
import { asMember, registerMember } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

type Member = Awaited<ReturnType<typeof registerMember>>;

const post = (t: TestApp, member: Member, url: string, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: asMember(member.cookie), ...(payload && { payload }) });

const CARD = { cardNumber: "4242 4242 4242 4242", ...CARD_EXPIRY, cvc: "123" };

/** Opens the pool's connections first, so the racing transactions really overlap on PostgreSQL. */
const warmPool = (t: TestApp) =>
  Promise.all(Array.from({ length: 4 }, () => t.db.execute(sql`select pg_sleep(0.05)`)));

async function referredPair(t: TestApp) {
  const referrer = await registerMember(t);
  await t.db.insert(affiliateLinks).values({ userId: referrer.user.id, referralCode: "RACE-REF" });
  const referred = await registerMember(t, { referralCode: "RACE-REF" });
  return { referrer, referred };
}

const customerOf = async (t: TestApp, member: Member) =>
  (await t.db.select().from(profiles).where(eq(profiles.id, member.user.id)))[0]?.stripeCustomerId ?? "";

/** The referred member subscribes and their first invoice is paid; answers their customer id. */
async function firstInvoicePaid(t: TestApp, referred: Member) {
  await post(t, referred, "/api/create-subscription");
  const customerId = await customerOf(t, referred);
  await billingFor(t).apply("stripe", invoicePaid(customerId, 1));
  return customerId;
}

const invoicePaid = (customerId: string, n: number) =>
  invoicePaidEvent({
    id: `evt_race_${n}`,
    customerId,
    subscriptionId: "sub_race",
    invoiceId: `in_race_${n}`,
  });

describe("concurrent first payments of one referred member", () => {
  it("parallel test-card confirmations create one commission", async () => {
    const t = await createTestApp();
    const { referrer, referred } = await referredPair(t);
    const { clientSecret } = (await post(t, referred, "/api/create-subscription")).json();
    await warmPool(t);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        post(t, referred, "/api/payments/test/confirm", { clientSecret, ...CARD }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);

    const earnings = await t.db.select().from(affiliateEarnings);
    expect(earnings).toHaveLength(1);
    expect(earnings[0]).toMatchObject({ userId: referrer.user.id, amountMinor: 120 });
    const [referral] = await t.db.select().from(affiliateReferrals);
    expect(referral?.status).toBe("confirmed");
  });

  it("invoice.paid events delivered at once create one commission, even after a newer subscription event", async () => {
    const t = await createTestApp();
    const { referred } = await referredPair(t);
    await post(t, referred, "/api/create-subscription");
    const customerId = await customerOf(t, referred);
    const billing = billingFor(t);
    // Stripe often delivers the subscription's update before the invoice: the member's row then already holds a
    // newer change, the invoices leave it alone (no row lock on the member) and nothing else orders them.
    await billing.apply("stripe", {
      id: "evt_sub_updated",
      type: "customer.subscription.updated",
      created: new Date(Date.now() + 60_000),
      customerId,
      subscriptionId: "sub_race",
      status: "active",
      cancelAtPeriodEnd: false,
      periodEnd: null,
    });
    await warmPool(t);
    await Promise.all([1, 2, 3, 4].map((n) => billing.apply("stripe", invoicePaid(customerId, n))));
    expect(await t.db.select().from(affiliateEarnings)).toHaveLength(1);
    expect((await t.db.select().from(affiliateReferrals))[0]?.status).toBe("confirmed");
  });

  it("a second payment that read the referral before the first one committed earns nothing", async () => {
    const t = await createTestApp();
    const { referred } = await referredPair(t);
    const affiliate = affiliateFor(t);
    const paid = (n: number) => ({
      memberId: referred.user.id,
      invoiceId: `in_overlap_${n}`,
      amountPaidMinor: 1200,
      currency: "GBP",
      paidAt: new Date(),
    });
    // The first payment confirms the referral and holds its transaction open while the second one runs
    // (on PostgreSQL the second reads "pending" and waits for the row; PGlite runs them one after another).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let confirmed = () => {};
    const firstConfirmed = new Promise<void>((resolve) => {
      confirmed = resolve;
    });
    const first = withTransaction(t.db, async (tx) => {
      await affiliate.onInvoicePaid(paid(1), tx);
      confirmed();
      await held;
    });
    await firstConfirmed;
    const second = withTransaction(t.db, (tx) => affiliate.onInvoicePaid(paid(2), tx));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await Promise.all([first, second]);
    expect(await t.db.select().from(affiliateEarnings)).toHaveLength(1);
  });
});

describe("a full refund after a payout was requested", () => {
  const bank = {
    payoutMethod: "bank_transfer",
    payoutDetails: { accountDetails: "Ada Lovelace", sortCode: "12-34-56", accountNumber: "12345678" },
  };

  async function requestedPayoutOf(t: TestApp, referrer: Member) {
    expect((await post(t, referrer, "/api/affiliate/request-payout", bank)).statusCode).toBe(201);
  }

  const refund = (t: TestApp, customerId: string, invoiceId: string) =>
    billingFor(t).apply("stripe", {
      id: `evt_refund_${invoiceId}`,
      type: "charge.refunded",
      created: new Date(),
      customerId,
      invoiceId,
    });

  it("reverses that line and lowers the requested payout by it", async () => {
    const t = await createTestApp();
    const { referrer, referred } = await referredPair(t);
    const customerId = await firstInvoicePaid(t, referred);
    // A second, older line from another referral, so the payout holds more than the refunded one.
    await t.db
      .insert(affiliateEarnings)
      .values({ userId: referrer.user.id, invoiceId: "in_other", amountMinor: 80 });
    await requestedPayoutOf(t, referrer);

    await refund(t, customerId, "in_race_1");

    const refunded = await t.db
      .select()
      .from(affiliateEarnings)
      .where(eq(affiliateEarnings.invoiceId, "in_race_1"));
    expect(refunded[0]).toMatchObject({ status: "reversed", payoutId: null });
    const [payout] = await t.db.select().from(affiliatePayouts);
    expect(payout).toMatchObject({ status: "requested", amountMinor: 80 });
    const view = (
      await t.app.inject({ url: "/api/affiliate/dashboard", headers: { cookie: referrer.cookie } })
    ).json();
    expect(view.totalEarnings).toMatchObject({ total: 80, available: 0 });
  });

  it("cancels the requested payout when the refunded line was all it held", async () => {
    const t = await createTestApp();
    const { referrer, referred } = await referredPair(t);
    const customerId = await firstInvoicePaid(t, referred);
    await requestedPayoutOf(t, referrer);

    await refund(t, customerId, "in_race_1");

    const [payout] = await t.db.select().from(affiliatePayouts);
    expect(payout?.status).toBe("cancelled");
    expect((await t.db.select().from(affiliateEarnings))[0]?.status).toBe("reversed");
    // Nothing is pending any more, so a new request may be made once there is money again.
    await t.db
      .insert(affiliateEarnings)
      .values({ userId: referrer.user.id, invoiceId: "in_new", amountMinor: 50 });
    await requestedPayoutOf(t, referrer);
  });

  it("keeps a line that was already paid out", async () => {
    const t = await createTestApp();
    const { referrer, referred } = await referredPair(t);
    const customerId = await firstInvoicePaid(t, referred);
    await requestedPayoutOf(t, referrer);
    await t.db.update(affiliatePayouts).set({ status: "completed", processedAt: new Date() });

    await refund(t, customerId, "in_race_1");

    expect((await t.db.select().from(affiliateEarnings))[0]?.status).toBe("pending");
    expect((await t.db.select().from(affiliatePayouts))[0]).toMatchObject({
      status: "completed",
      amountMinor: 120,
    });
  });
});
