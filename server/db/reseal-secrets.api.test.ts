import { createHash, createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  affiliateEarnings,
  affiliatePayouts,
  affiliateReferrals,
  anonymityKeys,
  recoveryCodes,
  searchAnalytics,
} from "#server/db/schema/index.ts";
import {
  asMember,
  createPost,
  enrolAuthenticatorApp,
  registerMember,
  setPrivacyMode,
  signInAsAdmin,
  TEST_ADMIN_EMAIL,
} from "#server/test/factories.ts";
import { sealOldFormat } from "#server/test/old-format-seal.ts";
import { secondStep, signIn, signInCookie } from "#server/test/sign-in.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";
import { workerDatabase } from "#server/test/worker-database.ts";
import { runMigrations } from "./migrate.ts";
import { afterMigrations } from "./open-configured.ts";

/** A database written by a release that sealed the old way, started by this one. */
const MINUTE = 60_000;
const DETAILS = { accountDetails: "Ada Lovelace", sortCode: "12-34-56", accountNumber: "12345678" };

/** What every start runs once the migrations are applied, on the test's database. */
const start = async (t: TestApp) =>
  runMigrations(await workerDatabase(), afterMigrations(t.config.appSecret));

/** A requested payout written directly, its details sealed as `sealed`. */
async function payoutSealedAs(t: TestApp, sealed: string) {
  const member = await registerMember(t);
  const [referral] = await t.db
    .insert(affiliateReferrals)
    .values({ referrerId: member.user.id, referralCode: "OLD", status: "confirmed" })
    .returning();
  const [payout] = await t.db
    .insert(affiliatePayouts)
    .values({
      userId: member.user.id,
      amountMinor: 120,
      payoutDetailsEncrypted: sealed,
      payoutDetailsMasked: { accountNumber: "****5678" },
    })
    .returning();
  await t.db.insert(affiliateEarnings).values({
    userId: member.user.id,
    referralId: referral?.id,
    invoiceId: `in_${member.user.id}`,
    amountMinor: 120,
    payoutId: payout?.id,
  });
  return String(payout?.id);
}

const sealedDetailsOf = async (t: TestApp, payoutId: string) =>
  (await t.db.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, payoutId)))[0]
    ?.payoutDetailsEncrypted;

describe("values sealed the old way, at start", () => {
  it("are re-sealed once in the current format: payout details read the same, pseudonyms stay the same", async () => {
    const clock = manualClock(new Date("2026-03-02T12:00:20.000Z"));
    const t = await createTestApp({
      clock,
      config: {
        adminEmails: new Set([TEST_ADMIN_EMAIL]),
        anonymity: { releaseMinutes: 1, jitterMinutes: 0, minVisitors: 1, keyDays: 30 },
      },
    });
    const secret = t.config.appSecret;
    const payoutId = await payoutSealedAs(t, sealOldFormat(secret, JSON.stringify(DETAILS)));
    // A payout sealed under a secret that is gone stays as it is: nothing can open it.
    const lostId = await payoutSealedAs(t, sealOldFormat("a-replaced-secret-a-replaced-secret", "{}"));
    const lost = await sealedDetailsOf(t, lostId);
    const key = randomBytes(32);
    await t.db.insert(anonymityKeys).values({
      epoch: 1,
      sealedKey: sealOldFormat(secret, key.toString("base64")),
      createdAt: clock.now(),
    });

    await start(t);

    const resealed = await sealedDetailsOf(t, payoutId);
    expect(resealed).toMatch(/^v2\./);
    expect(await sealedDetailsOf(t, lostId)).toBe(lost);
    const [keyRow] = await t.db.select().from(anonymityKeys);
    expect(keyRow).toMatchObject({ epoch: 1, sealedKey: expect.stringMatching(/^v2\./) });

    // A second start changes nothing.
    await start(t);
    expect(await sealedDetailsOf(t, payoutId)).toBe(resealed);
    expect((await t.db.select().from(anonymityKeys))[0]?.sealedKey).toBe(keyRow?.sealedKey);

    const admin = await signInAsAdmin(t);
    const revealed = await t.app.inject({
      method: "POST",
      url: `/api/admin/affiliate/payouts/${payoutId}/reveal`,
      headers: admin.headers,
    });
    expect(revealed.json()).toEqual({ payoutDetails: DETAILS });

    // The same key, so an anonymous visitor has the pseudonym the old key gave them.
    const ada = await registerMember(t, { firstName: "Ada" });
    const bob = await registerMember(t, { firstName: "Bob" });
    const post = await createPost(t, ada, "Ada's lighthouse");
    await setPrivacyMode(t, bob, "pause");
    const view = await t.app.inject({
      method: "POST",
      url: "/api/track-search",
      headers: asMember(bob.cookie),
      payload: { searchTerm: post.postName, action: "view", postId: post.id },
    });
    expect(view.statusCode).toBeLessThan(300);
    clock.advance(2 * MINUTE);
    await t.app.jobs.run("release-anonymous-activity");
    const [row] = await t.db.select().from(searchAnalytics);
    const underOldKey = createHmac("sha256", key)
      .update(`${ada.user.id}\nmember:${bob.user.id}`)
      .digest("hex");
    expect(row?.pseudonym).toBe(underOldKey);
    expect((await t.db.select().from(anonymityKeys)).map((k) => k.epoch)).toEqual([1]);
  });

  it("turns the plain SHA-256 an older release stored of each recovery code into its keyed digest", async () => {
    const t = await createTestApp({ clock: manualClock() });
    const member = await registerMember(t);
    const app = await enrolAuthenticatorApp(t, member);
    // As an older release stored them: the plain hash of the code without its dash.
    const plainOf = (code: string) => createHash("sha256").update(code.replace("-", "")).digest("hex");
    await t.db.delete(recoveryCodes);
    await t.db
      .insert(recoveryCodes)
      .values(app.recoveryCodes.map((code) => ({ userId: member.user.id, codeHash: plainOf(code) })));

    await start(t);

    const stored = (await t.db.select().from(recoveryCodes)).map((row) => row.codeHash);
    expect(stored).toHaveLength(app.recoveryCodes.length);
    for (const digest of stored) expect(digest).toMatch(/^v2\.[A-Za-z0-9_-]{43}$/);
    for (const code of app.recoveryCodes) expect(stored).not.toContain(plainOf(code));
    await start(t);
    expect((await t.db.select().from(recoveryCodes)).map((row) => row.codeHash).sort()).toEqual(
      [...stored].sort(),
    );

    // The codes the member wrote down still sign in, each once.
    const pending = await signIn(t, member);
    const code = app.recoveryCodes[3] ?? "";
    expect((await secondStep(t, signInCookie(pending), { code })).statusCode).toBe(200);
    const again = await signIn(t, member);
    expect((await secondStep(t, signInCookie(again), { code })).statusCode).toBe(400);
  });
});
