import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES } from "#contract/api/payments.ts";
import {
  affiliateEarnings,
  affiliateLinks,
  affiliateReferrals,
  paymentEvents,
  profiles,
} from "#server/db/schema/index.ts";
import { CARD_EXPIRY } from "#server/test/billing.ts";
import { asMember, reauthenticate, registerMember } from "#server/test/factories.ts";
import { type StripeStandIn, signedDelivery } from "#server/test/stripe-stand-in.ts";
import {
  deliver,
  post,
  profileOf,
  STRIPE_TEST,
  startTestStandIn,
  stripeApp as stripeTestApp,
  subscribe,
} from "#server/test/stripe-test-app.ts";
import { createTestApp, TEST_PUBLIC_URL } from "#server/test/test-app.ts";

const { webhookSecret: WEBHOOK_SECRET, priceId: PRICE_ID } = STRIPE_TEST;
const DAY = 24 * 60 * 60 * 1000;

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startTestStandIn();
});
afterAll(() => standIn.close());

const stripeApp = (apiUrl?: string) => stripeTestApp(standIn, apiUrl);

describe("Premium through Stripe (the real SDK against a local stand-in)", () => {
  it("tells the web app to use Stripe, with the publishable key and the return URL", async () => {
    const t = await stripeApp();
    expect((await t.app.inject({ url: "/api/payments/config" })).json()).toEqual({
      provider: "stripe",
      publishableKey: "pk_test_tagit",
      returnUrl: `${TEST_PUBLIC_URL}/dashboard`,
      priceMinor: 1200,
      currency: "GBP",
    });
  });

  it("creates the customer once and an incomplete subscription whose invoice secret the browser confirms", async () => {
    const t = await stripeApp();
    const ada = await registerMember(t);
    const before = standIn.requests.length;

    const first = await post(t, ada, "/api/create-subscription");
    expect(first.json()).toEqual({
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      status: "incomplete",
    });
    const second = await post(t, ada, "/api/create-subscription");
    expect(second.json().clientSecret).not.toBe(first.json().clientSecret);

    // The second click replaces the first, still unpaid, subscription: one subscription per member.
    const calls = standIn.requests.slice(before);
    const firstSubscription = calls.find((call) => call.path.startsWith("/v1/subscriptions/"))?.path;
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "POST /v1/customers",
      "POST /v1/subscriptions",
      `DELETE ${firstSubscription}`,
      "POST /v1/subscriptions",
    ]);
    expect(calls.every((call) => call.stripeVersion === "2026-10-28.endive")).toBe(true);
    const [customerCall, subscriptionCall] = calls;
    expect(customerCall?.idempotencyKey).toBe(`tagit-customer-${ada.user.id}`);
    expect(customerCall?.params.get("email")).toBe(ada.user.email);
    expect(Object.fromEntries(subscriptionCall?.params ?? [])).toMatchObject({
      "items[0][price]": PRICE_ID,
      payment_behavior: "default_incomplete",
      "expand[0]": "latest_invoice.confirmation_secret",
      "metadata[memberId]": ada.user.id,
    });

    const row = await profileOf(t, ada);
    expect(row.stripeCustomerId).toBe(subscriptionCall?.params.get("customer"));
    expect(row.stripeCustomerId).toMatch(/^cus_/);
    expect(row.subscriptionStatus).toBe("inactive");
  });

  it("grants Premium only from a signed invoice.paid webhook, once, whatever the order of events", async () => {
    const t = await stripeApp();
    const ada = await registerMember(t);
    const subscriptionId = await subscribe(t, ada);
    const { invoicePaid, subscriptionUpdated } = standIn.pay(subscriptionId, t.clock.now());

    const updated = await deliver(t, subscriptionUpdated);
    expect(updated.json()).toEqual({ received: true, outcome: "applied" });
    const paid = await deliver(t, invoicePaid);
    expect(paid.json()).toEqual({ received: true, outcome: "applied" });
    expect((await deliver(t, invoicePaid)).json()).toEqual({ received: true, outcome: "duplicate" });

    const row = await profileOf(t, ada);
    expect(row.subscriptionStatus).toBe("active");
    expect(row.subscriptionCurrentPeriodEnd?.getTime()).toBeGreaterThan(t.clock.now().getTime() + 29 * DAY);
    expect(await t.db.select().from(paymentEvents)).toHaveLength(2);
    expect((await post(t, ada, "/api/create-subscription")).json()).toEqual({
      clientSecret: null,
      status: "active",
    });
  });

  it("answers 400 and changes nothing for a missing, forged, re-signed or stale signature", async () => {
    const t = await stripeApp();
    const ada = await registerMember(t);
    const subscriptionId = await subscribe(t, ada);
    const { invoicePaid } = standIn.pay(subscriptionId, t.clock.now());
    const { payload, signature } = signedDelivery(invoicePaid, WEBHOOK_SECRET, t.clock.now());
    const send = (headers: Record<string, string>, body = payload) =>
      t.app.inject({
        method: "POST",
        url: "/api/stripe/webhook",
        headers: { "content-type": "application/json", ...headers },
        payload: body,
      });

    const attempts = [
      await send({}),
      await send({ "stripe-signature": "t=1,v1=deadbeef" }),
      await send({
        "stripe-signature": signedDelivery(invoicePaid, "whsec_someone_else", t.clock.now()).signature,
      }),
      await send({ "stripe-signature": signature }, payload.replace('"amount_paid":1200', '"amount_paid":1')),
      await deliver(t, invoicePaid, new Date(t.clock.now().getTime() - 10 * 60 * 1000)),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: PAYMENT_MESSAGES.badSignature, code: "validation" });
    }
    expect((await profileOf(t, ada)).subscriptionStatus).toBe("inactive");
    expect(await t.db.select().from(paymentEvents)).toHaveLength(0);
  });

  it("refuses an oversized body before reading it", async () => {
    const t = await stripeApp();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
      payload: `{"pad":"${"x".repeat(600 * 1024)}"}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: "The request body is too large", code: "too_large" });
  });

  it("acknowledges events Tagit does not use, and customers it does not know", async () => {
    const t = await stripeApp();
    const res = await deliver(t, {
      id: "evt_other",
      object: "event",
      type: "customer.created",
      created: Math.floor(t.clock.now().getTime() / 1000),
      data: { object: { id: "cus_x", object: "customer" } },
    });
    expect(res.json()).toEqual({ received: true, outcome: "ignored" });
  });

  it("keeps Premium when an abandoned incomplete subscription expires later", async () => {
    const t = await stripeApp();
    const ada = await registerMember(t);
    const abandoned = await subscribe(t, ada);
    const paidFor = await subscribe(t, ada);
    await deliver(t, standIn.pay(paidFor, t.clock.now()).invoicePaid);
    t.clock.advance(DAY);
    await deliver(t, standIn.expire(abandoned, t.clock.now()));
    expect((await profileOf(t, ada)).subscriptionStatus).toBe("active");
  });

  it("cancels at period end through Stripe, and ends Premium when Stripe deletes the subscription", async () => {
    const t = await stripeApp();
    const ada = await registerMember(t);
    const subscriptionId = await subscribe(t, ada);
    await deliver(t, standIn.pay(subscriptionId, t.clock.now()).invoicePaid);

    const res = await post(t, ada, "/api/cancel-subscription");
    expect(res.json()).toEqual({
      status: "active",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: expect.any(String),
    });
    const update = standIn.requests.at(-1);
    expect(`${update?.method} ${update?.path}`).toBe(`POST /v1/subscriptions/${subscriptionId}`);
    expect(update?.params.get("cancel_at_period_end")).toBe("true");
    const profile = (await t.app.inject({ url: "/api/profile", headers: { cookie: ada.cookie } })).json();
    expect(profile).toMatchObject({ subscriptionStatus: "active", subscriptionCancelAtPeriodEnd: true });

    t.clock.advance(30 * DAY);
    await deliver(t, standIn.end(subscriptionId, t.clock.now()));
    expect((await profileOf(t, ada)).subscriptionStatus).toBe("canceled");
  });

  it("answers 409 when Stripe refuses a customer request as a clashing duplicate", async () => {
    const t = await stripeApp();
    const ada = await registerMember(t);
    await post(t, ada, "/api/create-subscription");
    // As if the customer id had not been saved and the member changed their e-mail before trying again.
    await t.db
      .update(profiles)
      .set({ stripeCustomerId: null, email: `changed-${ada.user.email}` })
      .where(eq(profiles.id, ada.user.id));
    const res = await post(t, ada, "/api/create-subscription");
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/already being set up/);
  });

  it("keeps the Stripe customer's e-mail and name in step with the profile", async () => {
    const t = await stripeApp();
    const ada = await registerMember(t);
    await subscribe(t, ada);
    const { stripeCustomerId } = await profileOf(t, ada);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: asMember(ada.cookie),
      payload: { email: "ada.new@example.com", lastName: "Byron", currentPassword: ada.input.password },
    });
    expect(res.statusCode).toBe(200);
    await t.app.background.drain();
    expect(standIn.customers.get(stripeCustomerId ?? "")).toMatchObject({
      email: "ada.new@example.com",
      name: `${ada.input.firstName} Byron`,
    });
  });

  it("ends the Stripe subscription at once when the member deletes their account", async () => {
    const t = await stripeApp();
    const ada = await registerMember(t);
    const subscriptionId = await subscribe(t, ada);
    await deliver(t, standIn.pay(subscriptionId, t.clock.now()).invoicePaid);

    const res = await t.app.inject({ method: "DELETE", url: "/api/profile", headers: asMember(ada.cookie) });
    expect(res.statusCode).toBe(200);
    const cancel = standIn.requests.at(-1);
    expect(`${cancel?.method} ${cancel?.path}`).toBe(`DELETE /v1/subscriptions/${subscriptionId}`);
    expect(await t.db.select().from(profiles).where(eq(profiles.id, ada.user.id))).toEqual([]);
    // Stripe's own deletion event then finds no member and changes nothing.
    expect((await deliver(t, standIn.end(subscriptionId, t.clock.now()))).statusCode).toBe(200);
  });

  it("keeps the account when Stripe cannot be reached to end the subscription", async () => {
    const t = await stripeApp("http://127.0.0.1:9");
    const ada = await registerMember(t);
    await t.db
      .update(profiles)
      .set({ stripeCustomerId: "cus_x", stripeSubscriptionId: "sub_x", subscriptionStatus: "active" })
      .where(eq(profiles.id, ada.user.id));
    const res = await t.app.inject({ method: "DELETE", url: "/api/profile", headers: asMember(ada.cookie) });
    expect(res.statusCode).toBe(503);
    expect((await profileOf(t, ada)).subscriptionStatus).toBe("active");
  });

  it("has no test confirmations, and answers 503 when Stripe cannot be reached", async () => {
    const t = await stripeApp("http://127.0.0.1:9");
    const ada = await registerMember(t);
    // The test provider's routes are not registered with Stripe: their paths are unknown routes.
    for (const url of ["/api/payments/test/confirm", "/api/payments/test/confirm-setup"]) {
      const confirm = await t.app.inject({
        method: "POST",
        url,
        headers: asMember(ada.cookie),
        payload: {
          clientSecret: "x",
          cardNumber: "4242424242424242",
          ...CARD_EXPIRY,
          cvc: "123",
        },
      });
      expect(confirm.statusCode).toBe(404);
      expect(confirm.json()).toEqual({ error: `Route POST ${url} not found`, code: "route_not_found" });
    }
    // Nor its renewals and endings: Stripe makes those itself.
    for (const job of ["renew-test-subscriptions", "end-cancelled-subscriptions"]) {
      await expect(t.app.jobs.run(job)).rejects.toThrow(`No job named ${job}`);
    }

    const res = await post(t, ada, "/api/create-subscription");
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatch(/unavailable/);
    expect((await profileOf(t, ada)).stripeCustomerId).toBeNull();
  });

  it("is not there without Stripe keys", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ method: "POST", url: "/api/stripe/webhook", payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe("a referral paid through Stripe", () => {
  it("goes from the link to a confirmed referral, an earning, a payout request and a zero balance", async () => {
    const t = await stripeApp();
    const referrer = await registerMember(t);
    await t.db.insert(affiliateLinks).values({ userId: referrer.user.id, referralCode: "STRIPEREF" });
    const referred = await registerMember(t, { referralCode: "STRIPEREF" });

    const subscriptionId = await subscribe(t, referred);
    t.clock.advance(DAY);
    await deliver(t, standIn.pay(subscriptionId, t.clock.now()).invoicePaid);

    const [referral] = await t.db.select().from(affiliateReferrals);
    expect(referral?.status).toBe("confirmed");
    const dashboard = async () =>
      (await t.app.inject({ url: "/api/affiliate/dashboard", headers: { cookie: referrer.cookie } })).json();
    expect((await dashboard()).totalEarnings).toMatchObject({ total: 120, available: 120, currency: "GBP" });

    // A day after signing in, a payout asks for the password again.
    await reauthenticate(t, referrer);
    const payout = await t.app.inject({
      method: "POST",
      url: "/api/affiliate/request-payout",
      headers: asMember(referrer.cookie),
      payload: { payoutMethod: "paypal", payoutDetails: { paypalEmail: "ada@example.com" } },
    });
    expect(payout.statusCode).toBe(201);
    const after = await dashboard();
    expect(after.totalEarnings.available).toBe(0);
    expect(after.payouts).toHaveLength(1);
    expect(after.payouts[0]).toMatchObject({ amount: 120, status: "requested" });
  });

  it("reverses an unpaid earning on a full refund, and keeps it on a partial one", async () => {
    const t = await stripeApp();
    const referrer = await registerMember(t);
    await t.db.insert(affiliateLinks).values({ userId: referrer.user.id, referralCode: "REFUNDREF" });
    const referred = await registerMember(t, { referralCode: "REFUNDREF" });
    const subscriptionId = await subscribe(t, referred);
    await deliver(t, standIn.pay(subscriptionId, t.clock.now()).invoicePaid);

    const partial = await deliver(t, standIn.refund(subscriptionId, t.clock.now(), 600));
    expect(partial.json().outcome).toBe("ignored");
    expect((await t.db.select().from(affiliateEarnings))[0]?.status).toBe("pending");

    const full = await deliver(t, standIn.refund(subscriptionId, t.clock.now()));
    expect(full.json().outcome).toBe("applied");
    expect((await t.db.select().from(affiliateEarnings))[0]?.status).toBe("reversed");
  });
});
