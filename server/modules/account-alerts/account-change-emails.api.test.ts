import { describe, expect, it } from "vitest";
import { affiliateEarnings, affiliateReferrals } from "#server/db/schema/index.ts";
import { mailsTo, setNewSignInEmails } from "#server/test/account-alerts.ts";
import { asMember, enrolAuthenticatorApp, registerMember, SAME_ORIGIN } from "#server/test/factories.ts";
import { addPasskey } from "#server/test/passkey-ceremonies.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

type Member = Awaited<ReturnType<typeof registerMember>>;

/** A member who muted new-sign-in e-mails: the change e-mails reach them all the same. */
async function mutedMember(t: TestApp) {
  const member = await registerMember(t);
  expect((await setNewSignInEmails(t, member, false)).statusCode).toBe(200);
  return member;
}

const updateProfile = (t: TestApp, member: Member, payload: object) =>
  t.app.inject({ method: "PUT", url: "/api/profile", headers: asMember(member.cookie), payload });

/** Every e-mail whose subject is `subject`, with the address it went to. */
async function sent(t: TestApp, subject: string) {
  const mails = (await t.outbox()).filter((mail) => mail.includes(`Subject: ${subject}`));
  return mails.map((mail) => mail.match(/^To: (.+)$/m)?.[1]?.trim());
}

describe("e-mails about account changes, to the address current before the change", () => {
  it("a new password", async () => {
    const t = await createTestApp();
    const ada = await mutedMember(t);
    const res = await updateProfile(t, ada, {
      currentPassword: ada.input.password,
      password: "a new secret",
    });
    expect(res.statusCode).toBe(200);
    expect(await sent(t, "Your Tagit password was changed")).toEqual([ada.input.email]);
  });

  it("a new password by a reset link", async () => {
    const t = await createTestApp();
    const ada = await mutedMember(t);
    await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      headers: SAME_ORIGIN,
      payload: { email: ada.input.email },
    });
    const [mail = ""] = await mailsTo(t, ada.input.email, "Subject: Reset your Tagit password");
    const token = decodeURIComponent(mail.match(/\/reset-password\?token=([\w%-]+)/)?.[1] ?? "");
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/reset-password",
      headers: SAME_ORIGIN,
      payload: { token, newPassword: "a reset secret" },
    });
    expect(reset.statusCode).toBe(200);
    expect(await sent(t, "Your Tagit password was changed")).toEqual([ada.input.email]);
  });

  it("a new e-mail address: the old address hears of it, with the new one masked and where to get help", async () => {
    const t = await createTestApp({ config: { supportEmail: "help@tagit.example" } });
    const ada = await mutedMember(t);
    const newEmail = "ada.moved@newmail.example";
    const res = await updateProfile(t, ada, { currentPassword: ada.input.password, email: newEmail });
    expect(res.statusCode).toBe(200);
    expect(await sent(t, "Your Tagit e-mail address was changed")).toEqual([ada.input.email]);
    const [mail = ""] = await mailsTo(t, ada.input.email, "Subject: Your Tagit e-mail address was changed");
    expect(mail).toContain("a***@n***.example");
    expect(mail).not.toContain(newEmail);
    expect(mail).toContain("help@tagit.example");
  });

  it("a new e-mail and password at once: both told to the old address", async () => {
    const t = await createTestApp();
    const ada = await mutedMember(t);
    const res = await updateProfile(t, ada, {
      currentPassword: ada.input.password,
      email: "ada.again@newmail.example",
      password: "another new secret",
    });
    expect(res.statusCode).toBe(200);
    expect(await sent(t, "Your Tagit password was changed")).toEqual([ada.input.email]);
    expect(await sent(t, "Your Tagit e-mail address was changed")).toEqual([ada.input.email]);
  });

  it("the authenticator app on and off, and new recovery codes", async () => {
    const t = await createTestApp();
    const ada = await mutedMember(t);
    await enrolAuthenticatorApp(t, ada);
    expect(await sent(t, "An authenticator app now guards your Tagit account")).toEqual([ada.input.email]);

    const codes = await t.app.inject({
      method: "POST",
      url: "/api/auth/2fa/recovery-codes",
      headers: asMember(ada.cookie),
    });
    expect(codes.statusCode).toBe(200);
    expect(await sent(t, "New recovery codes for your Tagit account")).toEqual([ada.input.email]);

    const off = await t.app.inject({
      method: "POST",
      url: "/api/auth/2fa/disable",
      headers: asMember(ada.cookie),
      payload: { code: codes.json().recoveryCodes[0] },
    });
    expect(off.statusCode).toBe(204);
    expect(await sent(t, "The authenticator app of your Tagit account was turned off")).toEqual([
      ada.input.email,
    ]);
  });

  it("a passkey added and removed", async () => {
    const t = await createTestApp();
    const ada = await mutedMember(t);
    const { record } = await addPasskey(t, ada, { name: "Work laptop" });
    expect(await sent(t, "A passkey was added to your Tagit account")).toEqual([ada.input.email]);
    const [added = ""] = await mailsTo(t, ada.input.email, "Subject: A passkey was added");
    expect(added).toContain("Work laptop");

    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/auth/passkeys/${record.id}`,
      headers: asMember(ada.cookie),
    });
    expect(removed.statusCode).toBe(204);
    expect(await sent(t, "A passkey was removed from your Tagit account")).toEqual([ada.input.email]);
  });

  it("payout details given with a payout request, masked", async () => {
    const t = await createTestApp();
    const ada = await mutedMember(t);
    const [referral] = await t.db
      .insert(affiliateReferrals)
      .values({ referrerId: ada.user.id, referralCode: "X", status: "confirmed" })
      .returning();
    await t.db
      .insert(affiliateEarnings)
      .values({ userId: ada.user.id, referralId: referral?.id, invoiceId: "in_1", amountMinor: 120 });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/affiliate/request-payout",
      headers: asMember(ada.cookie),
      payload: {
        payoutMethod: "bank_transfer",
        payoutDetails: { accountDetails: "Ada Lovelace", sortCode: "12-34-56", accountNumber: "12345678" },
      },
    });
    expect(res.statusCode).toBe(201);
    expect(await sent(t, "A payout of your Tagit referral earnings was requested")).toEqual([
      ada.input.email,
    ]);
    const [mail = ""] = await mailsTo(t, ada.input.email, "Subject: A payout of your Tagit referral");
    expect(mail).toContain("****5678");
    expect(mail).not.toContain("12345678");
  });

  it("a change that fails sends nothing", async () => {
    const t = await createTestApp();
    const ada = await registerMember(t);
    const res = await updateProfile(t, ada, { currentPassword: "not my password", password: "a new secret" });
    expect(res.statusCode).toBe(403);
    expect(await sent(t, "Your Tagit password was changed")).toEqual([]);
  });

  it("a mail server that is down neither holds up nor undoes the change", async () => {
    // Nothing listens on port 1: every send fails, and the failure is logged.
    const t = await createTestApp({ config: { smtpUrl: "smtp://127.0.0.1:1" }, allowErrorLogs: true });
    const ada = await registerMember(t);
    const res = await updateProfile(t, ada, {
      currentPassword: ada.input.password,
      password: "a new secret",
    });
    expect(res.statusCode).toBe(200);
    await t.app.background.drain();
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { origin: t.config.publicUrl },
      payload: { email: ada.input.email, password: "a new secret" },
    });
    expect(signIn.statusCode).toBe(200);
  });
});
