import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES, TEST_CARDS } from "#contract/api/payments.ts";
import { REFERRAL_ATTRIBUTION_DAYS } from "#contract/limits.ts";
import {
  affiliateEarnings,
  affiliateLinks,
  affiliateReferrals,
  billingInvoices,
  paymentEvents,
  profiles,
  settings,
} from "#server/db/schema/index.ts";
import { billingFor, CARD_EXPIRY, invoicePaidEvent } from "#server/test/billing.ts";
import { asMember, registerMember, SAME_ORIGIN } from "#server/test/factories.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";
import { createPaymentsRepository } from "./payments.repository.ts";
import { createTestPaymentsRepository } from "./test-payments.repository.ts";
import { createTestPaymentsService } from "./test-payments.service.ts";
import { createTestProvider } from "./test-provider.ts";

type Member = Awaited<ReturnType<typeof registerMember>>;

const post = (t: TestApp, member: Member, url: string, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: asMember(member.cookie), ...(payload && { payload }) });

async function pay(t: TestApp, member: Member, cardNumber = "4242 4242 4242 4242") {
  const { clientSecret } = (await post(t, member, "/api/create-subscription")).json();
  return post(t, member, "/api/payments/test/confirm", {
    clientSecret,
    cardNumber,
    ...CARD_EXPIRY,
    cvc: "123",
  });
}

/** The status the member's own requests see, once the app has heard of billing written outside a request. */
async function statusOf(t: TestApp, member: Member) {
  await t.app.changes.sync();
  return (await t.app.inject({ url: "/api/profile", headers: { cookie: member.cookie } })).json()
    .subscriptionStatus;
}

describe("Premium with the test provider", () => {
  it("tells the web app which provider is active and whether free access is on", async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ url: "/api/payments/config" })).json()).toEqual({
      provider: "test",
      priceMinor: 1200,
      currency: "GBP",
    });
    expect((await t.app.inject({ url: "/api/settings/free-option" })).json()).toEqual({
      freeOptionEnabled: false,
    });
    await t.db.update(settings).set({ value: true }).where(eq(settings.key, "freeOptionEnabled"));
    expect((await t.app.inject({ url: "/api/settings/free-option" })).json()).toEqual({
      freeOptionEnabled: true,
    });
  });

  it("makes a member Premium only when the test card pays, and reuses their customer", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const created = (await post(t, ada, "/api/create-subscription")).json();
    expect(created).toEqual({
      clientSecret: expect.stringMatching(/^test_sub_\w+_secret_[0-9a-f]{64}$/),
      status: "incomplete",
    });
    expect(await statusOf(t, ada)).toBe("inactive");

    expect((await pay(t, ada)).json()).toEqual({ status: "active" });
    expect(await statusOf(t, ada)).toBe("active");
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, ada.user.id));
    expect(row?.stripeCustomerId).toMatch(/^test_cus_/);
    expect((await post(t, ada, "/api/create-subscription")).json()).toEqual({
      clientSecret: null,
      status: "active",
    });
  });

  it("leaves a member inactive on a declined or expired card, with the provider's message", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const declined = await pay(t, ada, "4000 0000 0000 0002");
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: PAYMENT_MESSAGES.declined, code: "payment_failed" });
    const { clientSecret } = (await post(t, ada, "/api/create-subscription")).json();
    const expired = await post(t, ada, "/api/payments/test/confirm", {
      clientSecret,
      cardNumber: "4242424242424242",
      expMonth: 1,
      expYear: 2020,
      cvc: "123",
    });
    expect(expired.json()).toEqual({ error: PAYMENT_MESSAGES.expired, code: "payment_failed" });
    expect(await statusOf(t, ada)).toBe("inactive");
  });

  it("refuses a forged or someone else's client secret and bad card input", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const bob = await registerMember(t);
    const { clientSecret } = (await post(t, bob, "/api/create-subscription")).json();
    await post(t, ada, "/api/create-subscription");
    const confirm = (body: object) => post(t, ada, "/api/payments/test/confirm", body);
    const card = { cardNumber: "4242424242424242", ...CARD_EXPIRY, cvc: "123" };
    expect((await confirm({ clientSecret, ...card })).json()).toEqual({
      error: PAYMENT_MESSAGES.unknownSecret,
      code: "validation",
    });
    expect((await confirm({ clientSecret: "test_sub_x_secret_y", ...card })).statusCode).toBe(400);
    expect((await confirm({ clientSecret, ...card, cvc: "1" })).json().error).toBe("CVC is not valid");
    expect((await confirm({ clientSecret, ...card, cardNumber: "abc" })).json().error).toBe(
      "Card number is not valid",
    );
    const own = (await post(t, ada, "/api/create-subscription")).json().clientSecret;
    // A real card number that is not one of the test cards: the answer names the ones to use, on the field.
    const unknown = await confirm({ clientSecret: own, ...card, cardNumber: "4111111111111111" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: PAYMENT_MESSAGES.unknownTestCard,
      code: "validation",
      fields: { cardNumber: PAYMENT_MESSAGES.unknownTestCard },
    });
    expect(await statusOf(t, ada)).toBe("inactive");
    expect(await statusOf(t, bob)).toBe("inactive");
  });

  it("charges a client secret once: confirmed again, even twice at once, it answers the same and records nothing more", async () => {
    const t = await createTestApp();
    const referrer = await registerMember(t);
    await t.db.insert(affiliateLinks).values({ userId: referrer.user.id, referralCode: "REF-ONCE" });
    const ada = await registerMember(t, { referralCode: "REF-ONCE" });
    const { clientSecret } = (await post(t, ada, "/api/create-subscription")).json();
    const confirm = (cardNumber: string) =>
      post(t, ada, "/api/payments/test/confirm", {
        clientSecret,
        cardNumber,
        ...CARD_EXPIRY,
        cvc: "123",
      });

    expect((await confirm(TEST_CARDS.pays)).json()).toEqual({ status: "active" });
    expect((await confirm(TEST_CARDS.pays)).json()).toEqual({ status: "active" });
    const together = await Promise.all([confirm(TEST_CARDS.pays), confirm(TEST_CARDS.pays)]);
    expect(together.map((res) => res.json())).toEqual([{ status: "active" }, { status: "active" }]);

    const paidOnce = async () => {
      expect(await t.db.select().from(billingInvoices)).toHaveLength(1);
      const paid = await t.db.select().from(paymentEvents).where(eq(paymentEvents.type, "invoice.paid"));
      expect(paid).toHaveLength(1);
      expect(await t.db.select().from(affiliateEarnings)).toHaveLength(1);
    };
    await paidOnce();
    // The secret is paid: a card sent again is not charged, not even one that would be declined.
    expect((await confirm(TEST_CARDS.declined)).json()).toEqual({ status: "active" });
    await paidOnce();
    const invoices = await t.app.inject({
      url: "/api/subscription/invoices",
      headers: { cookie: ada.cookie },
    });
    expect(invoices.json()).toEqual([expect.objectContaining({ status: "paid", amount: 1200 })]);
  });

  it("cancels at the end of the paid period, keeping Premium until then", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    expect((await post(t, ada, "/api/cancel-subscription")).statusCode).toBe(409);
    await pay(t, ada);
    const res = await post(t, ada, "/api/cancel-subscription");
    expect(res.json()).toEqual({
      status: "active",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: expect.any(String),
    });
    expect(await statusOf(t, ada)).toBe("active");
  });

  it("needs a signed-in member", async () => {
    const t = await createTestApp();
    for (const url of [
      "/api/create-subscription",
      "/api/cancel-subscription",
      "/api/payments/test/confirm",
    ]) {
      expect(
        (await t.app.inject({ method: "POST", url, headers: SAME_ORIGIN, payload: {} })).statusCode,
      ).toBe(401);
    }
  });
});

describe("billing events", () => {
  it("apply once per event id and ignore subscription changes older than the last one applied", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const ada = await registerMember(t);
    await t.db.update(profiles).set({ stripeCustomerId: "cus_1" }).where(eq(profiles.id, ada.user.id));
    await t.app.changes.sync(); // the cached session hears of the write
    const billing = billingFor(t, clock);
    const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000);
    const paid = invoicePaidEvent({
      id: "evt_paid",
      created: at(2),
      customerId: "cus_1",
      subscriptionId: "sub_1",
      invoiceId: "in_1",
    });
    expect(await billing.apply("stripe", paid)).toBe("applied");
    expect(await billing.apply("stripe", paid)).toBe("duplicate");
    // An older "incomplete" update delivered late does not undo the payment.
    const stale = {
      id: "evt_old",
      type: "customer.subscription.updated" as const,
      created: at(1),
      customerId: "cus_1",
      subscriptionId: "sub_1",
      status: "incomplete" as const,
      cancelAtPeriodEnd: false,
      periodEnd: null,
    };
    expect(await billing.apply("stripe", stale)).toBe("applied");
    expect(await statusOf(t, ada)).toBe("active");
    const deleted = {
      ...stale,
      id: "evt_del",
      type: "customer.subscription.deleted" as const,
      created: at(3),
    };
    await billing.apply("stripe", deleted);
    expect(await statusOf(t, ada)).toBe("canceled");
  });

  it("expire a referral whose first payment comes after the attribution window, paying nothing", async () => {
    const t = await createTestApp();
    const referrer = await registerMember(t);
    await t.db.insert(affiliateLinks).values({ userId: referrer.user.id, referralCode: "REF-LATE" });
    const referred = await registerMember(t, { referralCode: "REF-LATE" });
    const followedAt = new Date(Date.now() - (REFERRAL_ATTRIBUTION_DAYS + 1) * 24 * 60 * 60 * 1000);
    await t.db.update(affiliateReferrals).set({ linkFollowedAt: followedAt });
    await pay(t, referred);

    expect(await statusOf(t, referred)).toBe("active");
    const [referral] = await t.db.select().from(affiliateReferrals);
    expect(referral).toMatchObject({ status: "expired", subscriptionDate: null });
    expect(await t.db.select().from(affiliateEarnings)).toEqual([]);
  });

  it("confirm a referral and pay commission on the first paid invoice; a refund reverses it", async () => {
    const t = await createTestApp();
    const referrer = await registerMember(t);
    await t.db.insert(affiliateLinks).values({ userId: referrer.user.id, referralCode: "REF-ADA" });
    const referred = await registerMember(t, { referralCode: "REF-ADA" });
    await pay(t, referred);

    const [referral] = await t.db.select().from(affiliateReferrals);
    expect(referral).toMatchObject({ status: "confirmed", subscriptionDate: expect.any(Date) });
    const [earning] = await t.db.select().from(affiliateEarnings);
    expect(earning).toMatchObject({
      userId: referrer.user.id,
      amountMinor: 120,
      currency: "GBP",
      status: "pending",
    });

    const billing = billingFor(t, { now: () => new Date() });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, referred.user.id));
    await billing.apply("stripe", {
      id: "evt_refund",
      type: "charge.refunded",
      created: new Date(),
      customerId: row?.stripeCustomerId ?? "",
      invoiceId: earning?.invoiceId ?? "",
    });
    expect((await t.db.select().from(affiliateEarnings))[0]?.status).toBe("reversed");
  });
});

describe("the end-cancelled-subscriptions job", () => {
  it("ends a cancelled test subscription only once its paid period is over", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const ada = await registerMember(t);
    await pay(t, ada);
    await post(t, ada, "/api/cancel-subscription");
    const service = createTestPaymentsService({
      provider: createTestProvider(t.config.appSecret),
      billingEvents: billingFor(t, clock),
      paymentsRepo: createPaymentsRepository(t.db),
      testPaymentsRepo: createTestPaymentsRepository(t.db),
      clock,
    });
    expect(await service.endCancelled()).toEqual({ ended: 0 });
    clock.advance(32 * 24 * 60 * 60 * 1000);
    expect(await service.endCancelled()).toEqual({ ended: 1 });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, ada.user.id));
    expect(row?.subscriptionStatus).toBe("canceled");
    expect(await service.endCancelled()).toEqual({ ended: 0 });
  });
});
