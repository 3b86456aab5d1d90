import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CARDS } from "#contract/api/payments.ts";
import { PAST_DUE_GRACE_DAYS } from "#contract/limits.ts";
import { profiles } from "#server/db/schema/index.ts";
import { CARD_EXPIRY } from "#server/test/billing.ts";
import { asMember, registerMember } from "#server/test/factories.ts";
import type { StripeStandIn } from "#server/test/stripe-stand-in.ts";
import {
  deliver,
  profileOf,
  type StripeTestApp,
  startTestStandIn,
  stripeApp,
  subscribe,
} from "#server/test/stripe-test-app.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

/**
 * Premium ends when the paid period does (or, for a subscription that renews, once a failed renewal's grace
 * has passed too), by the server's clock, even when the provider's notice of the renewal or the ending never
 * arrives; an hourly job then brings the stored subscription in line with the provider.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;
type ClockedApp = TestApp & { clock: ReturnType<typeof manualClock> };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const bulkHide = (t: TestApp, member: Member) =>
  t.app.inject({ method: "PATCH", url: "/api/tagged-posts/bulk-hide", headers: asMember(member.cookie) });

const post = (t: TestApp, member: Member, url: string, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: asMember(member.cookie), ...(payload && { payload }) });

/** The profile as the member's next request sees it. */
async function profileSeenBy(t: TestApp, member: Member) {
  await t.app.changes.sync();
  return (await t.app.inject({ url: "/api/profile", headers: { cookie: member.cookie } })).json();
}

/** Lets `ms` pass while the member keeps using the app (their 30-day session slides along). */
async function pass(t: ClockedApp, member: Member, ms: number) {
  for (let left = ms; left > 0; left -= 10 * DAY) {
    t.clock.advance(Math.min(10 * DAY, left));
    expect((await t.app.inject({ url: "/api/profile", headers: { cookie: member.cookie } })).statusCode).toBe(
      200,
    );
  }
}

async function testProviderApp(): Promise<ClockedApp> {
  const clock = manualClock();
  return { ...(await createTestApp({ clock })), clock };
}

/** Pays Premium with the TEST MODE card form; the paid period ends a month later (15 February 2026). */
async function subscribeWithTestCard(t: TestApp, member: Member) {
  const { clientSecret } = (await post(t, member, "/api/create-subscription")).json();
  const paid = await post(t, member, "/api/payments/test/confirm", {
    clientSecret,
    cardNumber: TEST_CARDS.pays,
    ...CARD_EXPIRY,
    cvc: "123",
  });
  expect(paid.json()).toEqual({ status: "active" });
  await t.app.changes.sync();
}

/** Runs the hourly reconciliation, then waits until this instance's session cache has heard of its writes. */
async function reconcile(t: TestApp) {
  await t.app.jobs.run("reconcile-subscriptions");
  await t.app.changes.sync();
}

async function expectNotPremium(t: TestApp, member: Member) {
  const refused = await bulkHide(t, member);
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual({ error: "Active subscription required", code: "subscription_required" });
  expect(await profileSeenBy(t, member)).toMatchObject({
    subscriptionStatus: "canceled",
    subscriptionLapsesAt: null,
  });
}

describe("Premium ends with its period, by the server's clock (test provider, no job run)", () => {
  it("ends a cancelled subscription's Premium at the end of the paid period", async () => {
    const t = await testProviderApp();
    const ada = await registerMember(t);
    await subscribeWithTestCard(t, ada);
    expect((await post(t, ada, "/api/cancel-subscription")).statusCode).toBe(200);

    await pass(t, ada, 31 * DAY - HOUR);
    expect((await bulkHide(t, ada)).statusCode).toBe(200);
    expect(await profileSeenBy(t, ada)).toMatchObject({ subscriptionStatus: "active" });

    await pass(t, ada, HOUR);
    await expectNotPremium(t, ada);
    expect(await profileSeenBy(t, ada)).toMatchObject({
      subscriptionCancelAtPeriodEnd: true,
      subscriptionCurrentPeriodEnd: "2026-02-15T12:00:00.000Z",
    });
  });

  it("keeps a renewing subscription's Premium through a failed renewal's grace, then ends it", async () => {
    const t = await testProviderApp();
    const ada = await registerMember(t);
    await subscribeWithTestCard(t, ada);

    // No renewal was ever reported after 15 February (the renewal job never ran).
    await pass(t, ada, (31 + PAST_DUE_GRACE_DAYS) * DAY - HOUR);
    expect((await bulkHide(t, ada)).statusCode).toBe(200);

    await pass(t, ada, HOUR);
    await expectNotPremium(t, ada);
  });

  it("ends a past-due subscription's Premium at its lapse date", async () => {
    const t = await testProviderApp();
    const ada = await registerMember(t);
    await subscribeWithTestCard(t, ada);
    // As a declined renewal on 15 February leaves it: the next period started, Premium lapses on 1 March.
    const lapsesAt = new Date("2026-03-01T12:00:00.000Z");
    await t.db
      .update(profiles)
      .set({
        subscriptionStatus: "past_due",
        subscriptionCurrentPeriodEnd: new Date("2026-03-15T12:00:00.000Z"),
        subscriptionLapsesAt: lapsesAt,
      })
      .where(eq(profiles.id, ada.user.id));
    await t.app.changes.sync();

    await pass(t, ada, lapsesAt.getTime() - t.clock.now().getTime() - HOUR);
    expect((await bulkHide(t, ada)).statusCode).toBe(200);
    await pass(t, ada, HOUR);
    await expectNotPremium(t, ada);
  });

  it("lets a member whose Premium ran out subscribe again", async () => {
    const t = await testProviderApp();
    const ada = await registerMember(t);
    await subscribeWithTestCard(t, ada);
    await pass(t, ada, (31 + PAST_DUE_GRACE_DAYS) * DAY);

    const again = await post(t, ada, "/api/create-subscription");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: "incomplete", clientSecret: expect.any(String) });
  });
});

describe("the hourly reconciliation (test provider)", () => {
  it("marks a subscription ended once its Premium has run out, and leaves one within its grace", async () => {
    const t = await testProviderApp();
    const ada = await registerMember(t);
    const bob = await registerMember(t);
    await subscribeWithTestCard(t, ada);
    await pass(t, ada, 5 * DAY);
    await subscribeWithTestCard(t, bob);

    // 2 March: Ada's Premium ran out on 1 March; Bob's lasts until 6 March while his renewal is awaited.
    await pass(t, ada, (31 + PAST_DUE_GRACE_DAYS) * DAY - 4 * DAY);
    await reconcile(t);
    expect(await profileOf(t, ada)).toMatchObject({ subscriptionStatus: "canceled" });
    expect(await profileOf(t, bob)).toMatchObject({ subscriptionStatus: "active" });
  });
});

describe("the hourly reconciliation (Stripe)", () => {
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startTestStandIn();
  });
  afterAll(() => standIn.close());

  /** A member who paid their first invoice through Stripe; answers the subscription id. */
  async function premiumMember(t: StripeTestApp) {
    const member = await registerMember(t);
    const subscriptionId = await subscribe(t, member);
    await deliver(t, standIn.pay(subscriptionId, t.clock.now()).invoicePaid);
    await t.app.changes.sync();
    return { member, subscriptionId };
  }

  it("applies a renewal Stripe made but whose webhooks never came", async () => {
    const t = await stripeApp(standIn);
    const { member, subscriptionId } = await premiumMember(t);
    const firstEnd = (await profileOf(t, member)).subscriptionCurrentPeriodEnd as Date;

    await pass(t, member, firstEnd.getTime() - t.clock.now().getTime() + HOUR);
    standIn.renew(subscriptionId, firstEnd); // its events are never delivered
    await reconcile(t);

    expect(standIn.requests.at(-1)).toMatchObject({
      method: "GET",
      path: `/v1/subscriptions/${subscriptionId}`,
    });
    const row = await profileOf(t, member);
    expect(row).toMatchObject({ subscriptionStatus: "active", subscriptionCancelAtPeriodEnd: false });
    expect(row.subscriptionCurrentPeriodEnd?.getTime()).toBe(firstEnd.getTime() + 30 * DAY);

    // Past the old period's grace, the member is still Premium: the renewal was paid.
    await pass(t, member, (PAST_DUE_GRACE_DAYS + 1) * DAY);
    expect((await bulkHide(t, member)).statusCode).toBe(200);
  });

  it("applies an ending Stripe made but whose webhook never came", async () => {
    const t = await stripeApp(standIn);
    const { member, subscriptionId } = await premiumMember(t);
    const firstEnd = (await profileOf(t, member)).subscriptionCurrentPeriodEnd as Date;
    standIn.end(subscriptionId, firstEnd); // customer.subscription.deleted, never delivered

    await pass(t, member, firstEnd.getTime() - t.clock.now().getTime() + HOUR);
    await reconcile(t);
    expect(await profileOf(t, member)).toMatchObject({ subscriptionStatus: "canceled" });
    await expectNotPremium(t, member);
  });

  it("ends a subscription Stripe no longer has", async () => {
    const t = await stripeApp(standIn);
    const { member } = await premiumMember(t);
    const row = await profileOf(t, member);
    await t.db
      .update(profiles)
      .set({ stripeSubscriptionId: "sub_unknown_to_stripe" })
      .where(eq(profiles.id, member.user.id));

    await pass(
      t,
      member,
      (row.subscriptionCurrentPeriodEnd as Date).getTime() - t.clock.now().getTime() + HOUR,
    );
    await reconcile(t);
    expect(await profileOf(t, member)).toMatchObject({ subscriptionStatus: "canceled" });
  });

  it("leaves alone subscriptions whose period has not ended", async () => {
    const t = await stripeApp(standIn);
    const { member } = await premiumMember(t);
    const before = standIn.requests.length;
    await reconcile(t);
    expect(standIn.requests.length).toBe(before);
    expect(await profileOf(t, member)).toMatchObject({ subscriptionStatus: "active" });
  });
});
