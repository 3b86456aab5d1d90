import { describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES, TEST_CARDS } from "#contract/api/payments.ts";
import {
  affiliateEarnings,
  affiliateLinks,
  billingInvoices,
  paymentEvents,
} from "#server/db/schema/index.ts";
import { CARD_EXPIRY } from "#server/test/billing.ts";
import { asMember, registerMember, SAME_ORIGIN } from "#server/test/factories.ts";
import { createTestApp, manualClock, TEST_PUBLIC_URL, type TestApp } from "#server/test/test-app.ts";

/** Billing self-service with the offline test provider (decision 032). */

type Member = Awaited<ReturnType<typeof registerMember>>;
const DAY = 24 * 60 * 60 * 1000;
const CARD = { ...CARD_EXPIRY, cvc: "123" };

const post = (t: TestApp, member: Member, url: string, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: asMember(member.cookie), ...(payload && { payload }) });

const get = (t: TestApp, member: Member, url: string) =>
  t.app.inject({ url, headers: { cookie: member.cookie } });

/** The profile as the member's next request sees it. */
async function profileOf(t: TestApp, member: Member) {
  await t.app.changes.sync();
  return (await get(t, member, "/api/profile")).json();
}

async function subscribe(t: TestApp, member: Member) {
  const { clientSecret } = (await post(t, member, "/api/create-subscription")).json();
  const paid = await post(t, member, "/api/payments/test/confirm", {
    clientSecret,
    cardNumber: TEST_CARDS.pays,
    ...CARD,
  });
  expect(paid.json()).toEqual({ status: "active" });
}

/** Card change: a setup secret, then the TEST MODE form's confirmation with `cardNumber`. */
async function changeCard(t: TestApp, member: Member, cardNumber: string) {
  const setup = await post(t, member, "/api/subscription/payment-method");
  expect(setup.statusCode).toBe(200);
  const { clientSecret } = setup.json();
  expect(clientSecret).toMatch(/^test_seti_\w+_secret_[0-9a-f]{64}$/);
  await t.app.changes.sync();
  return post(t, member, "/api/payments/test/confirm-setup", { clientSecret, cardNumber, ...CARD });
}

/** Lets `days` pass while the member keeps using the app (their 30-day session slides along). */
async function passDays(
  t: TestApp & { clock: ReturnType<typeof manualClock> },
  member: Member,
  days: number,
) {
  for (let left = days; left > 0; left -= 10) {
    t.clock.advance(Math.min(10, left) * DAY);
    expect((await get(t, member, "/api/profile")).statusCode).toBe(200);
  }
}

/** A paying member whose next renewal will be declined (their card is 4000…0341), a month later. */
async function declinedRenewal(t: TestApp & { clock: ReturnType<typeof manualClock> }, member: Member) {
  await subscribe(t, member);
  expect((await changeCard(t, member, TEST_CARDS.chargeFails)).json()).toEqual({ status: "active" });
  await passDays(t, member, 32);
  await t.app.jobs.run("renew-test-subscriptions");
}

async function appWithClock() {
  const clock = manualClock();
  return { ...(await createTestApp({ clock })), clock };
}

describe("cancel, reload, resume (test provider)", () => {
  it("keeps the end date on the profile and resumes without charging again or touching commission", async () => {
    const t = await appWithClock();
    const referrer = await registerMember(t);
    await t.db.insert(affiliateLinks).values({ userId: referrer.user.id, referralCode: "RESUME-REF" });
    const ada = await registerMember(t, { referralCode: "RESUME-REF" });
    await subscribe(t, ada);
    expect(await t.db.select().from(affiliateEarnings)).toHaveLength(1);

    expect((await post(t, ada, "/api/cancel-subscription")).statusCode).toBe(200);
    const cancelled = await profileOf(t, ada);
    expect(cancelled).toMatchObject({
      subscriptionStatus: "active",
      subscriptionCancelAtPeriodEnd: true,
      subscriptionCurrentPeriodEnd: "2026-02-15T12:00:00.000Z",
      paymentCard: { brand: "visa", last4: "4242" },
    });

    const resumed = await post(t, ada, "/api/subscription/resume");
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({
      id: ada.user.id,
      subscriptionStatus: "active",
      subscriptionCancelAtPeriodEnd: false,
      subscriptionCurrentPeriodEnd: "2026-02-15T12:00:00.000Z",
    });
    expect(await profileOf(t, ada)).toMatchObject({ subscriptionCancelAtPeriodEnd: false });
    // Nothing charged twice: still one paid invoice, one earning.
    const paid = (await t.db.select().from(paymentEvents)).filter((e) => e.type === "invoice.paid");
    expect(paid).toHaveLength(1);
    expect((await get(t, ada, "/api/subscription/invoices")).json()).toHaveLength(1);
    expect(await t.db.select().from(affiliateEarnings)).toHaveLength(1);
  });

  it("answers 409 when nothing is cancelled, when there is no subscription, or after the period ended", async () => {
    const t = await appWithClock();
    const free = await registerMember(t);
    const notCancelled = await post(t, free, "/api/subscription/resume");
    expect(notCancelled.statusCode).toBe(409);
    expect(notCancelled.json()).toEqual({ error: PAYMENT_MESSAGES.notCancelled, code: "conflict" });

    const ada = await registerMember(t);
    await subscribe(t, ada);
    await t.app.changes.sync();
    expect((await post(t, ada, "/api/subscription/resume")).json().error).toBe(PAYMENT_MESSAGES.notCancelled);

    await post(t, ada, "/api/cancel-subscription");
    await passDays(t, ada, 31);
    await t.app.changes.sync();
    const ended = await post(t, ada, "/api/subscription/resume");
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toEqual({ error: PAYMENT_MESSAGES.alreadyEnded, code: "conflict" });
    await t.app.jobs.run("end-cancelled-subscriptions");
    expect((await profileOf(t, ada)).subscriptionStatus).toBe("canceled");
    expect((await post(t, ada, "/api/subscription/resume")).json().error).toBe(PAYMENT_MESSAGES.alreadyEnded);
  });
});

describe("a declined renewal and a card change (test provider)", () => {
  it("goes past due with a lapse date, a banner's worth of profile and one e-mail", async () => {
    const t = await appWithClock();
    const ada = await registerMember(t);
    await declinedRenewal(t, ada);

    const profile = await profileOf(t, ada);
    expect(profile).toMatchObject({
      subscriptionStatus: "past_due",
      // The renewal was due on 15 February; Premium stays 14 days while the card is retried.
      subscriptionLapsesAt: "2026-03-01T12:00:00.000Z",
      subscriptionCurrentPeriodEnd: "2026-03-15T12:00:00.000Z",
      paymentCard: { brand: "visa", last4: "0341" },
    });
    const invoices = (await get(t, ada, "/api/subscription/invoices")).json();
    expect(invoices.map((invoice: { status: string }) => invoice.status)).toEqual(["open", "paid"]);

    // Running the job again renews nothing and mails nobody again.
    await t.app.jobs.run("renew-test-subscriptions");
    const mails = (await t.outbox()).filter((mail) => mail.includes("Premium payment failed"));
    expect(mails).toHaveLength(1);
    const unfolded = (mails[0] ?? "").replace(/=\r?\n/g, "");
    expect(unfolded).toContain(`To: ${ada.user.email}`);
    expect(unfolded).toContain("Premium stays on until 1 March 2026");
    expect(unfolded).toContain(`${TEST_PUBLIC_URL}/payments`);
  });

  it("retries the open invoice with the new card at once and makes the member Premium again", async () => {
    const t = await appWithClock();
    const referrer = await registerMember(t);
    await t.db.insert(affiliateLinks).values({ userId: referrer.user.id, referralCode: "RENEW-REF" });
    const ada = await registerMember(t, { referralCode: "RENEW-REF" });
    await declinedRenewal(t, ada);

    // A card that cannot be charged is saved but the retry is declined, with Stripe's message.
    const again = await changeCard(t, ada, TEST_CARDS.chargeFails);
    expect(again.statusCode).toBe(402);
    expect(again.json()).toEqual({ error: PAYMENT_MESSAGES.declined, code: "payment_failed" });
    expect((await profileOf(t, ada)).subscriptionStatus).toBe("past_due");

    expect((await changeCard(t, ada, TEST_CARDS.pays)).json()).toEqual({ status: "active" });
    expect(await profileOf(t, ada)).toMatchObject({
      subscriptionStatus: "active",
      subscriptionLapsesAt: null,
      subscriptionCurrentPeriodEnd: "2026-03-15T12:00:00.000Z",
      paymentCard: { brand: "visa", last4: "4242" },
    });
    const invoices = (await get(t, ada, "/api/subscription/invoices")).json();
    expect(invoices).toEqual([
      expect.objectContaining({ status: "paid", createdAt: "2026-02-15T12:00:00.000Z", amount: 1200 }),
      expect.objectContaining({ status: "paid", createdAt: "2026-01-15T12:00:00.000Z", currency: "GBP" }),
    ]);
    // Commission is earned on the first paid invoice only.
    expect(await t.db.select().from(affiliateEarnings)).toHaveLength(1);
  });

  it("confirms a setup secret once: again, even twice at once, it saves and charges nothing more", async () => {
    const t = await appWithClock();
    const ada = await registerMember(t);
    await declinedRenewal(t, ada);
    const { clientSecret } = (await post(t, ada, "/api/subscription/payment-method")).json();
    await t.app.changes.sync();
    const confirm = (cardNumber: string) =>
      post(t, ada, "/api/payments/test/confirm-setup", { clientSecret, cardNumber, ...CARD });
    const paidEvents = async () =>
      (await t.db.select().from(paymentEvents)).filter((event) => event.type === "invoice.paid");
    const cardEvents = async () =>
      (await t.db.select().from(paymentEvents)).filter((event) => event.type === "payment_method.updated");
    const before = await cardEvents();

    const together = await Promise.all([confirm(TEST_CARDS.pays), confirm(TEST_CARDS.pays)]);
    const again = await confirm(TEST_CARDS.pays);
    // The first month and the renewal the new card paid, each once; one card saved by this secret.
    const savedAndPaidOnce = async () => {
      expect(await paidEvents()).toHaveLength(2);
      expect(await cardEvents()).toHaveLength(before.length + 1);
      const invoices = await t.db.select().from(billingInvoices);
      expect(invoices.map((invoice) => invoice.status)).toEqual(["paid", "paid"]);
    };
    await savedAndPaidOnce();
    expect([...together, again].map((res) => res.json())).toEqual(Array(3).fill({ status: "active" }));
    // The secret's card is saved: a card sent again is ignored, not even one that would be declined.
    expect((await confirm(TEST_CARDS.declined)).json()).toEqual({ status: "active" });
    expect((await profileOf(t, ada)).paymentCard).toEqual({ brand: "visa", last4: "4242" });
    await savedAndPaidOnce();
  });

  it("refuses a declined card, someone else's setup secret, and members without a subscription", async () => {
    const t = await appWithClock();
    const ada = await registerMember(t);
    const bob = await registerMember(t);
    await subscribe(t, ada);
    await subscribe(t, bob);

    const declined = await changeCard(t, ada, TEST_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: PAYMENT_MESSAGES.declined, code: "payment_failed" });
    expect((await profileOf(t, ada)).paymentCard).toEqual({ brand: "visa", last4: "4242" });

    const { clientSecret } = (await post(t, bob, "/api/subscription/payment-method")).json();
    const stolen = await post(t, ada, "/api/payments/test/confirm-setup", {
      clientSecret,
      cardNumber: TEST_CARDS.chargeFails,
      ...CARD,
    });
    expect(stolen.json()).toEqual({ error: PAYMENT_MESSAGES.unknownSecret, code: "validation" });
    expect((await profileOf(t, bob)).paymentCard).toEqual({ brand: "visa", last4: "4242" });

    const free = await registerMember(t);
    const none = await post(t, free, "/api/subscription/payment-method");
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: PAYMENT_MESSAGES.noSubscriptionForCard, code: "conflict" });
  });

  it("ends a past-due subscription whose lapse date has passed", async () => {
    const t = await appWithClock();
    const ada = await registerMember(t);
    await declinedRenewal(t, ada);
    await t.app.jobs.run("end-cancelled-subscriptions");
    expect((await profileOf(t, ada)).subscriptionStatus).toBe("past_due");
    await passDays(t, ada, 15);
    await t.app.jobs.run("end-cancelled-subscriptions");
    expect(await profileOf(t, ada)).toMatchObject({
      subscriptionStatus: "canceled",
      subscriptionLapsesAt: null,
    });
  });
});

describe("receipts (test provider)", () => {
  it("lists only one's own invoices and prints one's own receipt; anyone else's is not found", async () => {
    const t = await appWithClock();
    const ada = await registerMember(t);
    const bob = await registerMember(t);
    await subscribe(t, ada);

    const [invoice] = (await get(t, ada, "/api/subscription/invoices")).json();
    expect(invoice).toEqual({
      id: expect.stringMatching(/^in_test_/),
      createdAt: "2026-01-15T12:00:00.000Z",
      amount: 1200,
      currency: "GBP",
      status: "paid",
      url: `${TEST_PUBLIC_URL}/payments/receipts/${invoice.id}`,
    });
    expect((await get(t, bob, "/api/subscription/invoices")).json()).toEqual([]);

    const receipt = await get(t, ada, `/api/subscription/invoices/${invoice.id}`);
    expect(receipt.json()).toEqual({
      ...invoice,
      paidAt: "2026-01-15T12:00:00.000Z",
      periodStart: "2026-01-15T12:00:00.000Z",
      periodEnd: "2026-02-15T12:00:00.000Z",
      card: { brand: "visa", last4: "4242" },
      billedTo: { name: `${ada.input.firstName} ${ada.input.lastName}`, email: ada.user.email },
    });
    const theirs = await get(t, bob, `/api/subscription/invoices/${invoice.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: PAYMENT_MESSAGES.invoiceNotFound, code: "not_found" });
  });

  it("needs a signed-in member for every self-service route", async () => {
    const t = await createTestApp();
    for (const url of [
      "/api/subscription/resume",
      "/api/subscription/payment-method",
      "/api/payments/test/confirm-setup",
    ]) {
      const res = await t.app.inject({ method: "POST", url, headers: SAME_ORIGIN, payload: {} });
      expect(res.statusCode).toBe(401);
    }
    for (const url of ["/api/subscription/invoices", "/api/subscription/invoices/in_test_x"]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });
});
