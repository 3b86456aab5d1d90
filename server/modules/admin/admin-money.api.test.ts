import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COMMISSION_MESSAGE, COST_MESSAGES, PAYOUT_MESSAGES } from "#contract/api/admin-money.ts";
import { MONEY_MESSAGES } from "#contract/api/money.ts";
import {
  affiliateEarnings,
  affiliateLinks,
  affiliatePayouts,
  affiliateReferrals,
  costs,
  profiles,
} from "#server/db/schema/index.ts";
import { billingFor, CARD_EXPIRY } from "#server/test/billing.ts";
import { asMember, registerMember, signInAsAdmin, TEST_ADMIN_EMAIL } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const adminApp = () => createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });
const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const CARD = { cardNumber: "4242 4242 4242 4242", ...CARD_EXPIRY, cvc: "123" };

type Admin = Awaited<ReturnType<typeof signInAsAdmin>>;
type Member = Awaited<ReturnType<typeof registerMember>>;

const call = (t: TestApp, admin: Admin, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload && { payload }) });

const auditLog = async (t: TestApp, admin: Admin) =>
  (await t.app.inject({ url: "/api/admin/audit-log?limit=200", headers: admin.headers })).json();

const dashboard = async (t: TestApp, member: Member) =>
  (await t.app.inject({ url: "/api/affiliate/dashboard", headers: { cookie: member.cookie } })).json();

const memberPost = (t: TestApp, member: Member, url: string, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: asMember(member.cookie), ...(payload && { payload }) });

const bank = {
  payoutMethod: "bank_transfer",
  payoutDetails: { accountDetails: "Ada Lovelace", sortCode: "12-34-56", accountNumber: "12345678" },
};

const cost = (extra: Record<string, unknown> = {}) => ({
  service: "Hosting",
  description: "Server for November",
  amount: "12.50",
  category: "Infrastructure",
  ...extra,
});

/** A referrer with 240 pence earned and a requested payout of all of it, to be paid with `details`. */
async function requestedPayout(t: TestApp, details: object = bank) {
  const referrer = await registerMember(t);
  const [referral] = await t.db
    .insert(affiliateReferrals)
    .values({ referrerId: referrer.user.id, referralCode: "X", status: "confirmed" })
    .returning();
  await t.db.insert(affiliateEarnings).values([
    {
      userId: referrer.user.id,
      referralId: referral?.id,
      invoiceId: `in_1_${referrer.user.id}`,
      amountMinor: 120,
    },
    {
      userId: referrer.user.id,
      referralId: referral?.id,
      invoiceId: `in_2_${referrer.user.id}`,
      amountMinor: 120,
    },
  ]);
  const res = await memberPost(t, referrer, "/api/affiliate/request-payout", details);
  expect(res.statusCode).toBe(201);
  return { referrer, payoutId: res.json().id as string };
}

/** A member who joins through `code` and pays for Premium with the test card. */
async function referredSubscriber(t: TestApp, code: string) {
  const member = await registerMember(t, { referralCode: code });
  const { clientSecret } = (await memberPost(t, member, "/api/create-subscription")).json();
  const paid = await memberPost(t, member, "/api/payments/test/confirm", { clientSecret, ...CARD });
  expect(paid.statusCode).toBe(200);
  return member;
}

describe("Cost Tracking", () => {
  it("takes the amount in major units (12.50), stores minor units (201), lists it, totals it, and audits it", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const res = await call(t, admin, "POST", "/api/admin/costs", cost({ notes: "  " }));
    expect(res.statusCode).toBe(201);
    const added = res.json();
    expect(added).toEqual({
      id: expect.any(String),
      date: new Date().toISOString().slice(0, 10),
      service: "Hosting",
      description: "Server for November",
      category: "Infrastructure",
      amount: 1250,
      currency: "USD",
      notes: null,
      createdAt: expect.any(String),
    });
    expect((await call(t, admin, "GET", "/api/admin/costs")).json()).toEqual({
      items: [added],
      total: 1,
      totalCapped: false,
      nextCursor: null,
    });
    expect((await call(t, admin, "GET", "/api/admin/costs/total")).json()).toEqual({
      totals: [{ total: 1250, currency: "USD" }],
    });
    const log = await auditLog(t, admin);
    expect(log.items).toEqual([
      expect.objectContaining({ action: "cost.create", targetType: "cost", targetId: added.id }),
    ]);
  });

  it("never sums currencies: one total per currency", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    await call(t, admin, "POST", "/api/admin/costs", cost({ amount: "10.00" }));
    await call(t, admin, "POST", "/api/admin/costs", cost({ amount: 2.5, currency: "usd" }));
    await call(t, admin, "POST", "/api/admin/costs", cost({ amount: "9.99", currency: "GBP" }));
    expect((await call(t, admin, "GET", "/api/admin/costs/total")).json()).toEqual({
      totals: [
        { total: 999, currency: "GBP" },
        { total: 1250, currency: "USD" },
      ],
    });
    const economics = (await call(t, admin, "GET", "/api/admin/costs/economics")).json();
    expect(economics.costs).toEqual([
      { total: 999, currency: "GBP" },
      { total: 1250, currency: "USD" },
    ]);
  });

  it("pages the costs with the shared keyset cursor and searches them", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    for (const service of ["Alpha", "Beta", "Gamma"]) {
      await call(t, admin, "POST", "/api/admin/costs", cost({ service }));
    }
    const first = (await call(t, admin, "GET", "/api/admin/costs?limit=2")).json();
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(3);
    const second = (
      await call(t, admin, "GET", `/api/admin/costs?limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const found = (await call(t, admin, "GET", "/api/admin/costs?search=gam")).json();
    expect(found.items.map((c: { service: string }) => c.service)).toEqual(["Gamma"]);
  });

  it("refuses missing fields and bad amounts with 400 and each field's message, writing nothing", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const empty = await call(t, admin, "POST", "/api/admin/costs", { service: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      service: COST_MESSAGES.service,
      description: COST_MESSAGES.description,
      category: COST_MESSAGES.category,
      amount: COST_MESSAGES.amount,
    });
    const badCurrency = await call(t, admin, "POST", "/api/admin/costs", cost({ currency: "dollars" }));
    expect(badCurrency.json().fields).toEqual({ currency: COST_MESSAGES.currency });
    expect(await t.db.select().from(costs)).toEqual([]);
    expect((await auditLog(t, admin)).total).toBe(0);
  });

  it("reads a decimal string or a number in major units: 12.50, 12.5 and 12 store 1250, 1250 and 1200", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    for (const [amount, minor] of [
      ["12.50", 1250],
      [12.5, 1250],
      [12, 1200],
      ["0.07", 7],
      ["20000000.00", 2_000_000_000],
    ] as const) {
      const res = await call(t, admin, "POST", "/api/admin/costs", cost({ amount, service: String(amount) }));
      expect(res.statusCode, String(amount)).toBe(201);
      expect(res.json().amount, String(amount)).toBe(minor);
      const [row] = await t.db.select().from(costs).where(eq(costs.id, res.json().id));
      expect(row?.amountMinor, String(amount)).toBe(minor);
    }
  });

  it("refuses a third decimal, a negative, zero, a non-number and more than 20,000,000.00, storing nothing", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const refused: [unknown, string][] = [
      ["12.345", MONEY_MESSAGES.amount],
      [12.345, MONEY_MESSAGES.amount],
      [-1, MONEY_MESSAGES.amount],
      ["-1", MONEY_MESSAGES.amount],
      [0, MONEY_MESSAGES.amount],
      ["abc", MONEY_MESSAGES.amount],
      ["12,50", MONEY_MESSAGES.amount],
      ["1e3", MONEY_MESSAGES.amount],
      [true, MONEY_MESSAGES.amount],
      [null, MONEY_MESSAGES.amount],
      [20_000_000.01, MONEY_MESSAGES.tooLarge],
      ["20000000.01", MONEY_MESSAGES.tooLarge],
    ];
    for (const [amount, message] of refused) {
      const res = await call(t, admin, "POST", "/api/admin/costs", cost({ amount }));
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json(), String(amount)).toEqual({
        error: message,
        code: "validation",
        fields: { amount: message },
      });
    }
    expect(await t.db.select().from(costs)).toEqual([]);
    expect((await auditLog(t, admin)).total).toBe(0);
  });

  it("puts this month's Premium revenue and the commission owed and paid beside the costs", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const empty = (await call(t, admin, "GET", "/api/admin/costs/economics")).json();
    expect(empty).toEqual({
      month: new Date().toISOString().slice(0, 7),
      costs: [],
      revenue: [],
      commissionOwed: [],
      commissionPaid: [],
    });

    const referrer = await registerMember(t);
    await t.db.insert(affiliateLinks).values({ userId: referrer.user.id, referralCode: "ECON-CODE" });
    const subscriberId = (await referredSubscriber(t, "ECON-CODE")).user.id;
    const afterSale = (await call(t, admin, "GET", "/api/admin/costs/economics")).json();
    expect(afterSale.revenue).toEqual([{ total: 1200, currency: "GBP" }]);
    expect(afterSale.commissionOwed).toEqual([{ total: 120, currency: "GBP" }]);
    expect(afterSale.commissionPaid).toEqual([]);

    const payout = await memberPost(t, referrer, "/api/affiliate/request-payout", bank);
    await call(t, admin, "POST", `/api/admin/affiliate/payouts/${payout.json().id}`, { status: "completed" });
    const afterPayout = (await call(t, admin, "GET", "/api/admin/costs/economics")).json();
    expect(afterPayout.commissionOwed).toEqual([]);
    expect(afterPayout.commissionPaid).toEqual([{ total: 120, currency: "GBP" }]);

    // A refunded invoice is no revenue (its commission was paid out already, so it stays paid).
    const [earning] = await t.db.select().from(affiliateEarnings);
    const [subscriber] = await t.db.select().from(profiles).where(eq(profiles.id, subscriberId));
    await billingFor(t).apply("stripe", {
      id: "evt_refund_econ",
      type: "charge.refunded",
      created: new Date(),
      customerId: subscriber?.stripeCustomerId ?? "",
      invoiceId: earning?.invoiceId ?? "",
    });
    const afterRefund = (await call(t, admin, "GET", "/api/admin/costs/economics")).json();
    expect(afterRefund.revenue).toEqual([]);
    expect(afterRefund.commissionPaid).toEqual([{ total: 120, currency: "GBP" }]);
  });
});

describe("Affiliate settings", () => {
  it("reads the defaults, saves a change (audited), and the member dashboard follows", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    expect((await call(t, admin, "GET", "/api/admin/affiliate/settings")).json()).toEqual({
      commissionPercentage: "10.00",
      isActive: true,
    });
    const res = await call(t, admin, "PUT", "/api/admin/affiliate/settings", {
      commissionPercentage: "30",
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ commissionPercentage: "30.00", isActive: false });
    const member = await registerMember(t);
    expect((await dashboard(t, member)).settings).toEqual({ commissionPercentage: "30.00", isActive: false });
    const log = await auditLog(t, admin);
    expect(log.items[0]).toMatchObject({
      action: "affiliate.settings.update",
      summary: {
        before: { commissionPercentage: "10.00", isActive: true },
        after: { commissionPercentage: "30.00", isActive: false },
      },
    });
  });

  it("refuses a commission outside 0–100 or off the step of 10 with 400, changing nothing", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    for (const commissionPercentage of [-10, 110, 15, "abc", "", null, true]) {
      const res = await call(t, admin, "PUT", "/api/admin/affiliate/settings", {
        commissionPercentage,
        isActive: true,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ commissionPercentage: COMMISSION_MESSAGE });
    }
    expect((await call(t, admin, "GET", "/api/admin/affiliate/settings")).json().commissionPercentage).toBe(
      "10.00",
    );
    expect((await auditLog(t, admin)).total).toBe(0);
  });

  it("applies forward: a referral keeps the rate of the day it was made; a paused programme takes none", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const referrer = await registerMember(t);
    await t.db.insert(affiliateLinks).values({ userId: referrer.user.id, referralCode: "FWD-CODE" });
    await call(t, admin, "PUT", "/api/admin/affiliate/settings", {
      commissionPercentage: 20,
      isActive: true,
    });
    const early = await registerMember(t, { referralCode: "FWD-CODE" });
    await call(t, admin, "PUT", "/api/admin/affiliate/settings", {
      commissionPercentage: 50,
      isActive: true,
    });
    const later = await referredSubscriber(t, "FWD-CODE");
    // The earlier referral subscribes after the change: it still earns its own 20%.
    const { clientSecret } = (await memberPost(t, early, "/api/create-subscription")).json();
    await memberPost(t, early, "/api/payments/test/confirm", { clientSecret, ...CARD });

    const referrals = await t.db.select().from(affiliateReferrals);
    const rateOf = (id: string) => referrals.find((r) => r.referredId === id)?.commissionPercentage;
    expect(rateOf(early.user.id)).toBe("20.00");
    expect(rateOf(later.user.id)).toBe("50.00");
    const earnings = await t.db.select().from(affiliateEarnings);
    expect(earnings.map((e) => e.amountMinor).sort((a, b) => a - b)).toEqual([240, 600]);

    // Paused: no new referrals, but what was earned stays payable.
    await call(t, admin, "PUT", "/api/admin/affiliate/settings", {
      commissionPercentage: 50,
      isActive: false,
    });
    const paused = await registerMember(t, { referralCode: "FWD-CODE" });
    expect(rateOf(paused.user.id)).toBeUndefined();
    expect(await t.db.select().from(affiliateReferrals)).toHaveLength(2);
    expect((await dashboard(t, referrer)).totalEarnings.available).toBe(840);
    const payout = await memberPost(t, referrer, "/api/affiliate/request-payout", bank);
    expect(payout.statusCode).toBe(201);
    expect(payout.json().amount).toBe(840);
  });
});

describe("Affiliate stats and payouts", () => {
  it("answers the real totals", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    expect((await call(t, admin, "GET", "/api/admin/affiliate/stats")).json()).toEqual({
      affiliates: 0,
      referrals: 0,
      confirmedReferrals: 0,
      payoutsTotal: 0,
      pendingPayoutsTotal: 0,
      currency: "GBP",
    });
    const { payoutId } = await requestedPayout(t);
    await t.db.insert(affiliateReferrals).values({ referrerId: admin.user.id, referralCode: "Y" });
    await t.db.insert(affiliateLinks).values({ userId: admin.user.id, referralCode: "ADM" });
    expect((await call(t, admin, "GET", "/api/admin/affiliate/stats")).json()).toMatchObject({
      affiliates: 1,
      referrals: 2,
      confirmedReferrals: 1,
      payoutsTotal: 0,
      pendingPayoutsTotal: 240,
    });
    await call(t, admin, "POST", `/api/admin/affiliate/payouts/${payoutId}`, { status: "completed" });
    expect((await call(t, admin, "GET", "/api/admin/affiliate/stats")).json()).toMatchObject({
      payoutsTotal: 240,
      pendingPayoutsTotal: 0,
    });
  });

  it("lists requested payouts with the member, amount, method and masked details only", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const { referrer, payoutId } = await requestedPayout(t);
    const res = await call(t, admin, "GET", "/api/admin/affiliate/payouts?status=requested");
    expect(res.json()).toEqual({
      items: [
        {
          id: payoutId,
          member: {
            id: referrer.user.id,
            firstName: referrer.input.firstName,
            lastName: referrer.input.lastName,
            tagg: null,
          },
          amount: 240,
          currency: "GBP",
          payoutMethod: "bank_transfer",
          maskedDetails: { accountDetails: "Ada Lovelace", sortCode: "12-**-**", accountNumber: "****5678" },
          status: "requested",
          requestedAt: expect.any(String),
          processedAt: null,
          adminNotes: null,
        },
      ],
      total: 1,
      totalCapped: false,
      nextCursor: null,
    });
    expect(res.body).not.toContain("12345678");
    expect((await call(t, admin, "GET", "/api/admin/affiliate/payouts?status=completed")).json().total).toBe(
      0,
    );
    expect((await call(t, admin, "GET", "/api/admin/affiliate/payouts?status=nope")).statusCode).toBe(400);
  });

  it("marks a payout completed once: processedAt stamped, earnings paid, the member sees it; again → 409", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const { referrer, payoutId } = await requestedPayout(t);
    const url = `/api/admin/affiliate/payouts/${payoutId}`;
    const res = await call(t, admin, "POST", url, { status: "completed", adminNotes: "Paid by BACS" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: payoutId, status: "completed", processedAt: expect.any(String) });

    const member = await dashboard(t, referrer);
    expect(member.payouts[0]).toMatchObject({
      id: payoutId,
      status: "completed",
      processedAt: expect.any(String),
    });
    expect(member.totalEarnings).toMatchObject({ total: 240, available: 0 });
    expect(member.earnings.map((e: { status: string }) => e.status)).toEqual(["paid", "paid"]);

    for (const again of [{ status: "completed" }, { status: "rejected", adminNotes: "late" }]) {
      const twice = await call(t, admin, "POST", url, again);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error).toBe(PAYOUT_MESSAGES.alreadyProcessed);
    }
    const log = await auditLog(t, admin);
    expect(log.items.filter((i: { action: string }) => i.action.startsWith("payout."))).toEqual([
      expect.objectContaining({ action: "payout.complete", targetId: payoutId }),
    ]);
  });

  it("rejects a payout with a note: the money returns to the member's balance and they may ask again", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const { referrer, payoutId } = await requestedPayout(t);
    const url = `/api/admin/affiliate/payouts/${payoutId}`;
    const noNote = await call(t, admin, "POST", url, { status: "rejected" });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().fields).toEqual({ adminNotes: PAYOUT_MESSAGES.noteRequired });

    const res = await call(t, admin, "POST", url, { status: "rejected", adminNotes: "Account closed" });
    expect(res.json()).toMatchObject({ status: "rejected", processedAt: expect.any(String) });
    const [row] = await t.db.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, payoutId));
    expect(row?.adminNotes).toBe("Account closed");

    const member = await dashboard(t, referrer);
    expect(member.payouts[0]).toMatchObject({ id: payoutId, status: "rejected" });
    expect(member.totalEarnings).toMatchObject({ total: 240, available: 240 });
    expect((await call(t, admin, "POST", url, { status: "completed" })).statusCode).toBe(409);
    const again = await memberPost(t, referrer, "/api/affiliate/request-payout", bank);
    expect(again.json()).toMatchObject({ amount: 240, status: "requested" });
    const log = await auditLog(t, admin);
    expect(log.items[0]).toMatchObject({
      action: "payout.reject",
      summary: {
        before: { status: "requested" },
        after: { status: "rejected", adminNotes: "Account closed" },
      },
    });
  });

  it("processes a payout once when two administrators act at the same moment", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const { referrer, payoutId } = await requestedPayout(t);
    const url = `/api/admin/affiliate/payouts/${payoutId}`;
    const answers = await Promise.all([
      call(t, admin, "POST", url, { status: "completed" }),
      call(t, admin, "POST", url, { status: "rejected", adminNotes: "Duplicate" }),
      call(t, admin, "POST", url, { status: "completed" }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    const member = await dashboard(t, referrer);
    const outcome = member.payouts[0].status;
    expect(member.totalEarnings.available).toBe(outcome === "completed" ? 0 : 240);
    const log = await auditLog(t, admin);
    expect(log.items.filter((i: { action: string }) => i.action.startsWith("payout."))).toHaveLength(1);
  });

  it("answers 404 for an unknown payout and 400 for a bad status", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const url = `/api/admin/affiliate/payouts/${MISSING_ID}`;
    expect((await call(t, admin, "POST", url, { status: "completed" })).statusCode).toBe(404);
    expect((await call(t, admin, "POST", `${url}/reveal`)).statusCode).toBe(404);
    const bad = await call(t, admin, "POST", url, { status: "paid" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ status: PAYOUT_MESSAGES.status });
    expect((await auditLog(t, admin)).total).toBe(0);
  });

  it("reveals the full details to an administrator, and records that they looked", async () => {
    const t = await adminApp();
    const admin = await signInAsAdmin(t);
    const { payoutId } = await requestedPayout(t);
    const res = await call(t, admin, "POST", `/api/admin/affiliate/payouts/${payoutId}/reveal`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ payoutDetails: bank.payoutDetails });
    const log = await auditLog(t, admin);
    expect(log.items).toEqual([
      expect.objectContaining({
        action: "payout.reveal",
        targetType: "affiliate_payout",
        targetId: payoutId,
        actor: expect.objectContaining({ id: admin.user.id }),
      }),
    ]);
  });

  it("does not reveal details copied from another payout's row: a sealed value opens only in its own row", async () => {
    const t = await createTestApp({
      config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) },
      allowErrorLogs: true,
    });
    const admin = await signInAsAdmin(t);
    const ada = await requestedPayout(t);
    const bob = await requestedPayout(t, {
      payoutMethod: "paypal",
      payoutDetails: { paypalEmail: "bob@example.com" },
    });
    // Someone who can write to the database (not holding APP_SECRET) copies Ada's sealed details into Bob's payout.
    const [adaRow] = await t.db.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, ada.payoutId));
    await t.db
      .update(affiliatePayouts)
      .set({ payoutDetailsEncrypted: String(adaRow?.payoutDetailsEncrypted) })
      .where(eq(affiliatePayouts.id, bob.payoutId));

    const copied = await call(t, admin, "POST", `/api/admin/affiliate/payouts/${bob.payoutId}/reveal`);
    expect(copied.statusCode).toBe(500);
    expect(copied.body).not.toContain("12345678");
    const own = await call(t, admin, "POST", `/api/admin/affiliate/payouts/${ada.payoutId}/reveal`);
    expect(own.json()).toEqual({ payoutDetails: bank.payoutDetails });
    // Only the reveal that opened is in the audit log.
    expect((await auditLog(t, admin)).items.map((item: { targetId: string }) => item.targetId)).toEqual([
      ada.payoutId,
    ]);
  });

  it("refuses a member who is not an administrator, changing nothing", async () => {
    const t = await adminApp();
    const { referrer, payoutId } = await requestedPayout(t);
    const res = await memberPost(t, referrer, `/api/admin/affiliate/payouts/${payoutId}`, {
      status: "completed",
    });
    expect(res.statusCode).toBe(403);
    expect((await dashboard(t, referrer)).payouts[0].status).toBe("requested");
  });
});
