import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { affiliateLinks, affiliateReferrals, affiliateSettings } from "#server/db/schema/index.ts";
import { memberInput, registerMember, SAME_ORIGIN, uniqueIp } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

async function referrerWithCode(t: TestApp, referralCode: string) {
  const referrer = await registerMember(t);
  await t.db.insert(affiliateLinks).values({ userId: referrer.user.id, referralCode });
  return referrer;
}

const registerWith = (t: TestApp, referralCode: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { ...memberInput(), referralCode },
    headers: SAME_ORIGIN,
    remoteAddress: uniqueIp(),
  });

describe("registration through a referral link", () => {
  it("records a pending referral with the commission rate of the day", async () => {
    const t = await createTestApp();
    const referrer = await referrerWithCode(t, "ADA-2026");
    const res = await registerWith(t, "ADA-2026");
    expect(res.statusCode).toBe(201);
    const rows = await t.db.select().from(affiliateReferrals);
    expect(rows).toEqual([
      expect.objectContaining({
        referrerId: referrer.user.id,
        referredId: res.json().user.id,
        referralCode: "ADA-2026",
        status: "pending",
        commissionPercentage: "10.00",
      }),
    ]);
  });

  it("signs the member up without a referral when the code is unknown or the programme is paused", async () => {
    const t = await createTestApp();
    await referrerWithCode(t, "PAUSED1");
    expect((await registerWith(t, "NOSUCHCODE")).statusCode).toBe(201);
    await t.db.update(affiliateSettings).set({ isActive: false }).where(eq(affiliateSettings.id, 1));
    expect((await registerWith(t, "PAUSED1")).statusCode).toBe(201);
    expect(await t.db.select().from(affiliateReferrals)).toEqual([]);
  });

  it("refuses a malformed referral code with 400", async () => {
    const t = await createTestApp();
    const res = await registerWith(t, "<script>");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Referral code is not valid");
  });
});
