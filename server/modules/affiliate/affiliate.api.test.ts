import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AFFILIATE_MESSAGES } from "#contract/api/affiliate.ts";
import { affiliateEarnings, affiliatePayouts, affiliateReferrals } from "#server/db/schema/index.ts";
import { asMember, registerMember, SAME_ORIGIN } from "#server/test/factories.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "#server/test/test-app.ts";

type Member = Awaited<ReturnType<typeof registerMember>>;

const dashboard = async (t: TestApp, member: Member) =>
  (await t.app.inject({ url: "/api/affiliate/dashboard", headers: { cookie: member.cookie } })).json();

const bank = {
  payoutMethod: "bank_transfer",
  payoutDetails: { accountDetails: "Ada Lovelace", sortCode: "12-34-56", accountNumber: "12345678" },
};
const requestPayout = (t: TestApp, member: Member, payload: object = bank) =>
  t.app.inject({
    method: "POST",
    url: "/api/affiliate/request-payout",
    headers: asMember(member.cookie),
    payload,
  });

/** A referrer with two confirmed earnings of 120 pence. */
async function referrerWithEarnings(t: TestApp) {
  const referrer = await registerMember(t);
  const [referral] = await t.db
    .insert(affiliateReferrals)
    .values({ referrerId: referrer.user.id, referralCode: "X", status: "confirmed" })
    .returning();
  await t.db.insert(affiliateEarnings).values([
    { userId: referrer.user.id, referralId: referral?.id, invoiceId: "in_1", amountMinor: 120 },
    { userId: referrer.user.id, referralId: referral?.id, invoiceId: "in_2", amountMinor: 120 },
  ]);
  return referrer;
}

describe("GET /api/affiliate/dashboard", () => {
  it("gives every member one referral code and link, with totals in pence", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const first = await dashboard(t, ada);
    expect(first).toMatchObject({
      referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
      settings: { commissionPercentage: "10.00", isActive: true },
      totalEarnings: { total: 0, available: 0, currency: "GBP" },
      referrals: [],
      earnings: [],
      payouts: [],
    });
    expect(first.referralUrl).toBe(`${TEST_PUBLIC_URL}/auth?ref=${first.referralCode}`);
    expect((await dashboard(t, ada)).referralCode).toBe(first.referralCode);
    expect((await t.app.inject({ url: "/api/affiliate/dashboard" })).statusCode).toBe(401);
  });
});

describe("POST /api/affiliate/request-payout", () => {
  it("moves the whole balance into one payout, stores bank details encrypted and shows them masked", async () => {
    const t = await createTestApp();
    const ada = await referrerWithEarnings(t);
    const res = await requestPayout(t, ada);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), amount: 240, currency: "GBP", status: "requested" });

    const [row] = await t.db.select().from(affiliatePayouts).where(eq(affiliatePayouts.userId, ada.user.id));
    expect(row?.payoutDetailsEncrypted).not.toContain("12345678");
    const view = await dashboard(t, ada);
    expect(view.totalEarnings).toEqual({ total: 240, available: 0, currency: "GBP" });
    expect(view.payouts[0].payoutDetails).toEqual({
      accountDetails: "Ada Lovelace",
      sortCode: "12-**-**",
      accountNumber: "****5678",
    });
    expect(JSON.stringify(view)).not.toContain("12345678");

    expect((await requestPayout(t, ada)).json()).toEqual({
      error: AFFILIATE_MESSAGES.nothingToPay,
      code: "validation",
    });
    await t.db.insert(affiliateEarnings).values({ userId: ada.user.id, invoiceId: "in_3", amountMinor: 50 });
    const second = await requestPayout(t, ada);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: AFFILIATE_MESSAGES.payoutPending, code: "conflict" });
  });

  it("creates at most one payout from parallel requests", async () => {
    const t = await createTestApp();
    const ada = await referrerWithEarnings(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => requestPayout(t, ada)));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(answers.every((res) => [201, 400, 409].includes(res.statusCode))).toBe(true);
    const payouts = await t.db.select().from(affiliatePayouts);
    expect(payouts).toHaveLength(1);
    expect(payouts[0]?.amountMinor).toBe(240);
  });

  it("validates the payout method and details and needs a signed-in member", async () => {
    const t = await createTestApp();
    const ada = await referrerWithEarnings(t);
    const bad = (payload: object) => requestPayout(t, ada, payload);
    expect(
      (await bad({ ...bank, payoutDetails: { ...bank.payoutDetails, sortCode: "123456" } })).json().error,
    ).toBe("Sort code must look like 12-34-56");
    expect(
      (await bad({ ...bank, payoutDetails: { ...bank.payoutDetails, accountNumber: "1234" } })).json().error,
    ).toBe("Account number must be 8 digits");
    expect((await bad({ payoutMethod: "paypal", payoutDetails: { paypalEmail: "nope" } })).statusCode).toBe(
      400,
    );
    expect((await bad({ payoutMethod: "cheque", payoutDetails: {} })).statusCode).toBe(400);
    expect(await t.db.select().from(affiliatePayouts)).toEqual([]);
    const paypal = await bad({ payoutMethod: "paypal", payoutDetails: { paypalEmail: "ada@example.com" } });
    expect(paypal.statusCode).toBe(201);
    expect((await dashboard(t, ada)).payouts[0].payoutDetails).toEqual({ paypalEmail: "a***@example.com" });
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/affiliate/request-payout",
      headers: SAME_ORIGIN,
      payload: bank,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
