import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES, TEST_CARDS } from "#contract/api/payments.ts";
import { registerMember } from "#server/test/factories.ts";
import type { StripeStandIn } from "#server/test/stripe-stand-in.ts";
import {
  deliver,
  post,
  type StripeTestApp,
  startTestStandIn,
  stripeApp,
  subscribe,
} from "#server/test/stripe-test-app.ts";

/** Billing self-service through the Stripe adapter: the real SDK against the local stand-in. */

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startTestStandIn();
});
afterAll(() => standIn.close());

type Member = Awaited<ReturnType<typeof registerMember>>;
const DAY = 24 * 60 * 60 * 1000;

const get = (t: StripeTestApp, member: Member, url: string) =>
  t.app.inject({ url, headers: { cookie: member.cookie } });

async function profileSeenBy(t: StripeTestApp, member: Member) {
  await t.app.changes.sync();
  return (await get(t, member, "/api/profile")).json();
}

/** Delivers, in order, what Stripe sent since the last call. */
async function deliverEmitted(t: StripeTestApp) {
  const outcomes = [];
  for (const event of standIn.takeEmitted()) outcomes.push((await deliver(t, event)).json().outcome);
  return outcomes;
}

/** A member who paid their first invoice through Stripe; answers the subscription id. */
async function premiumMember(t: StripeTestApp) {
  const member = await registerMember(t);
  const subscriptionId = await subscribe(t, member);
  await deliver(t, standIn.pay(subscriptionId, t.clock.now()).invoicePaid);
  await t.app.changes.sync();
  return { member, subscriptionId };
}

const lastCall = () => {
  const call = standIn.requests.at(-1);
  return `${call?.method} ${call?.path}`;
};

describe("cancel, reload, resume through Stripe", () => {
  it("shows the end date after a reload and resumes by clearing cancel_at_period_end", async () => {
    const t = await stripeApp(standIn);
    const { member, subscriptionId } = await premiumMember(t);
    expect((await post(t, member, "/api/cancel-subscription")).statusCode).toBe(200);
    const cancelled = await profileSeenBy(t, member);
    expect(cancelled).toMatchObject({ subscriptionCancelAtPeriodEnd: true, subscriptionStatus: "active" });
    expect(cancelled.subscriptionCurrentPeriodEnd).toEqual(expect.any(String));

    const resumed = await post(t, member, "/api/subscription/resume");
    expect(resumed.json()).toMatchObject({
      subscriptionStatus: "active",
      subscriptionCancelAtPeriodEnd: false,
      subscriptionCurrentPeriodEnd: cancelled.subscriptionCurrentPeriodEnd,
    });
    expect(lastCall()).toBe(`POST /v1/subscriptions/${subscriptionId}`);
    expect(standIn.requests.at(-1)?.params.get("cancel_at_period_end")).toBe("false");

    await t.app.changes.sync();
    const again = await post(t, member, "/api/subscription/resume");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: PAYMENT_MESSAGES.notCancelled, code: "conflict" });
    expect(lastCall()).toBe(`POST /v1/subscriptions/${subscriptionId}`);
  });
});

describe("a declined renewal and a card change through Stripe", () => {
  it("goes past due, then the new card pays the open invoice and the member is Premium again", async () => {
    const t = await stripeApp(standIn);
    const { member, subscriptionId } = await premiumMember(t);
    t.clock.advance(DAY);
    const renewalAt = t.clock.now();
    for (const event of standIn.renewalFails(subscriptionId, renewalAt)) {
      expect((await deliver(t, event)).json().outcome).toBe("applied");
    }
    const pastDue = await profileSeenBy(t, member);
    expect(pastDue).toMatchObject({
      subscriptionStatus: "past_due",
      subscriptionLapsesAt: new Date(renewalAt.getTime() + 14 * DAY).toISOString(),
    });
    const [open] = (await get(t, member, "/api/subscription/invoices")).json();
    expect(open).toMatchObject({ status: "open", amount: 1200, currency: "GBP" });
    expect(open.url).toBe(`https://invoice.stripe.com/i/acct_standin/${open.id}`);
    expect((await t.outbox()).filter((mail) => mail.includes("Premium payment failed"))).toHaveLength(1);

    // An hour later (Stripe's clock too), the member changes their card.
    t.clock.advance(60 * 60 * 1000);
    standIn.setNow(t.clock.now());
    const setup = await post(t, member, "/api/subscription/payment-method");
    expect(setup.statusCode).toBe(200);
    const { clientSecret } = setup.json();
    expect(clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    const created = standIn.requests.at(-1);
    expect(`${created?.method} ${created?.path}`).toBe("POST /v1/setup_intents");
    expect(Object.fromEntries(created?.params ?? [])).toMatchObject({
      usage: "off_session",
      "metadata[subscriptionId]": subscriptionId,
      "metadata[memberId]": member.user.id,
    });

    // The browser confirms the card with Stripe; Stripe tells us, and we make it the default and retry.
    expect(standIn.confirmSetup(clientSecret, TEST_CARDS.pays).status).toBe(200);
    const before = standIn.requests.length;
    const [setupOutcome] = await deliverEmitted(t);
    expect(setupOutcome).toBe("applied");
    const calls = standIn.requests.slice(before).map((call) => `${call.method} ${call.path}`);
    expect(calls).toEqual([
      expect.stringMatching(/^GET \/v1\/payment_methods\/pm_\w+$/),
      expect.stringMatching(/^POST \/v1\/customers\/cus_\w+$/),
      `POST /v1/subscriptions/${subscriptionId}`,
      "GET /v1/invoices",
      `POST /v1/invoices/${open.id}/pay`,
    ]);
    expect(await deliverEmitted(t)).toEqual(["applied", "applied"]);

    expect(await profileSeenBy(t, member)).toMatchObject({
      subscriptionStatus: "active",
      subscriptionLapsesAt: null,
      paymentCard: { brand: "visa", last4: "4242" },
    });
    const invoices = (await get(t, member, "/api/subscription/invoices")).json();
    expect(invoices.map((invoice: { id: string; status: string }) => [invoice.id, invoice.status])).toEqual([
      [open.id, "paid"],
      [expect.stringMatching(/^in_/), "paid"],
    ]);
  });

  it("keeps the member past due when the new card is declined for the retry too", async () => {
    const t = await stripeApp(standIn);
    const { member, subscriptionId } = await premiumMember(t);
    for (const event of standIn.renewalFails(subscriptionId, t.clock.now())) await deliver(t, event);
    await t.app.changes.sync();
    const { clientSecret } = (await post(t, member, "/api/subscription/payment-method")).json();
    standIn.confirmSetup(clientSecret, TEST_CARDS.chargeFails);
    expect(await deliverEmitted(t)).toEqual(["applied"]);
    expect(await profileSeenBy(t, member)).toMatchObject({
      subscriptionStatus: "past_due",
      paymentCard: { brand: "visa", last4: "0341" },
    });
  });

  it("ignores a first payment's failure: only renewals make a member past due", async () => {
    const t = await stripeApp(standIn);
    const member = await registerMember(t);
    const subscriptionId = await subscribe(t, member);
    const [failed] = standIn.renewalFails(subscriptionId, t.clock.now());
    const firstPayment = structuredClone(failed) as { data: { object: { billing_reason: string } } };
    firstPayment.data.object.billing_reason = "subscription_create";
    expect((await deliver(t, firstPayment)).json().outcome).toBe("ignored");
    expect(await profileSeenBy(t, member)).toMatchObject({ subscriptionLapsesAt: null });
  });
});

describe("invoices through Stripe", () => {
  it("lists only one's own, with Stripe's hosted invoice; another member's id is not found", async () => {
    const t = await stripeApp(standIn);
    const { member: ada } = await premiumMember(t);
    const { member: bob } = await premiumMember(t);
    const adas = (await get(t, ada, "/api/subscription/invoices")).json();
    const bobs = (await get(t, bob, "/api/subscription/invoices")).json();
    expect(adas).toHaveLength(1);
    expect(bobs).toHaveLength(1);
    expect(adas[0].id).not.toBe(bobs[0].id);
    expect(adas[0].url).toMatch(/^https:\/\/invoice\.stripe\.com\//);
    expect((await get(t, bob, `/api/subscription/invoices/${adas[0].id}`)).statusCode).toBe(404);
    expect((await get(t, ada, `/api/subscription/invoices/${adas[0].id}`)).json()).toMatchObject({
      id: adas[0].id,
      status: "paid",
      amount: 1200,
    });
  });
});
