import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PROFILE_MESSAGES } from "#contract/api/profile.ts";
import { MESSAGES } from "#contract/errors.ts";
import { profiles } from "#server/db/schema/index.ts";
import {
  asMember,
  registerMember,
  SAME_ORIGIN,
  sessionCookie,
  signInAsAdmin,
  TEST_ADMIN_EMAIL,
  uniqueIp,
  verifyEmail,
} from "#server/test/factories.ts";
import { fingerprintAll } from "#server/test/reset-database.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

type Member = Awaited<ReturnType<typeof registerMember>>;

/** An app with an administrator, and a verified member whose login an administrator asked to move. */
async function withPendingChange(newEmail = "Moved.Here@Example.com") {
  const t = await createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });
  const admin = await signInAsAdmin(t);
  const member = await registerMember(t, { firstName: "Moira" });
  await verifyEmail(t, member.input.email);
  const edit = await t.app.inject({
    method: "PUT",
    url: `/api/admin/profile/${member.user.id}`,
    headers: admin.headers,
    payload: { firstName: "Moira", lastName: "Lovelace", email: newEmail },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  return { t, admin, member, pending: newEmail.toLowerCase() };
}

const login = (t: TestApp, email: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    headers: SAME_ORIGIN,
    remoteAddress: uniqueIp(),
  });

const confirm = (t: TestApp, member: Member, currentPassword: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/profile/confirm-email-change",
    headers: asMember(member.cookie),
    payload: { currentPassword } as object,
  });

const decline = (t: TestApp, member: Member) =>
  t.app.inject({ method: "DELETE", url: "/api/profile/pending-email", headers: asMember(member.cookie) });

const me = async (t: TestApp, member: Member) =>
  (await t.app.inject({ url: "/api/profile", headers: { cookie: member.cookie } })).json();

/** Mails to `address` (after background work), unfolded. */
const mailsTo = async (t: TestApp, address: string) =>
  (await t.outbox())
    .filter((mail) => mail.includes(`To: ${address}`))
    .map((mail) => mail.replace(/=\r?\n/g, "").replace(/=3D/g, "="));

describe("an e-mail change an administrator asked for", () => {
  it("moves nothing until confirmed: sign-in, password reset and notices keep the old address", async () => {
    const { t, member, pending } = await withPendingChange();
    expect(await me(t, member)).toMatchObject({ email: member.input.email, pendingEmail: pending });

    expect((await login(t, member.input.email, member.input.password)).statusCode).toBe(200);
    const withPending = await login(t, pending, member.input.password);
    expect(withPending.statusCode).toBe(401);
    expect(withPending.json().code).toBe("invalid_credentials");

    for (const email of [pending, member.input.email]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email },
        headers: SAME_ORIGIN,
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await mailsTo(t, pending)).toEqual([]);
    const old = await mailsTo(t, member.input.email);
    expect(old.some((mail) => mail.includes("Subject: Reset your Tagit password"))).toBe(true);
    expect(old.some((mail) => mail.includes("Subject: An administrator asked to change your Tagit"))).toBe(
      true,
    );
  });

  it("is confirmed with the current password: the member's own e-mail change, then nothing pending", async () => {
    const { t, member, pending } = await withPendingChange();
    // A reset link mailed to the old address before the change.
    await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: member.input.email },
      headers: SAME_ORIGIN,
      remoteAddress: uniqueIp(),
    });
    const resetMail = (await mailsTo(t, member.input.email)).find((m) => m.includes("Subject: Reset your"));
    const resetToken = decodeURIComponent(resetMail?.match(/\/reset-password\?token=([\w%-]+)/)?.[1] ?? "");
    expect(resetToken).not.toBe("");

    const wrong = await confirm(t, member, "not my password");
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      code: "wrong_password",
      error: MESSAGES.wrongCurrentPassword,
      fields: { currentPassword: MESSAGES.wrongCurrentPassword },
    });
    const empty = await confirm(t, member, "");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ currentPassword: MESSAGES.currentPasswordRequired });
    expect(await me(t, member)).toMatchObject({ email: member.input.email, pendingEmail: pending });

    const ok = await confirm(t, member, member.input.password);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ email: pending, pendingEmail: null, emailVerified: false });
    expect(await me(t, member)).toMatchObject({ email: pending, pendingEmail: null });

    // Verification restarts with a link to the new address; the old address is told.
    expect(
      (await mailsTo(t, pending)).some((mail) => mail.includes("Subject: Verify your Tagit e-mail address")),
    ).toBe(true);
    expect(
      (await mailsTo(t, member.input.email)).some((mail) =>
        mail.includes("Subject: Your Tagit e-mail address was changed"),
      ),
    ).toBe(true);
    await verifyEmail(t, pending);
    expect((await me(t, member)).emailVerified).toBe(true);

    // The reset link sent to the old address stopped working; the login moved.
    const redeem = await t.app.inject({
      method: "POST",
      url: "/api/reset-password",
      payload: { token: resetToken, newPassword: "taken over" },
      headers: SAME_ORIGIN,
      remoteAddress: uniqueIp(),
    });
    expect(redeem.statusCode).toBe(400);
    expect((await login(t, pending, member.input.password)).statusCode).toBe(200);
    expect((await login(t, member.input.email, member.input.password)).statusCode).toBe(401);

    // Nothing is pending any more.
    const again = await confirm(t, member, member.input.password);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: "conflict", error: PROFILE_MESSAGES.noPendingEmail });
  });

  it("answers 409 email_taken when the address was taken meanwhile, and keeps the request", async () => {
    const { t, member, pending } = await withPendingChange();
    await registerMember(t, { email: pending });
    const before = await fingerprintAll(t.db);
    const res = await confirm(t, member, member.input.password);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "email_taken", error: MESSAGES.emailTaken });
    expect(await fingerprintAll(t.db)).toEqual(before);
    expect(await me(t, member)).toMatchObject({ email: member.input.email, pendingEmail: pending });
  });

  it("is declined with 204: forgotten, the login unchanged, and declining again is harmless", async () => {
    const { t, member } = await withPendingChange();
    const res = await decline(t, member);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(await me(t, member)).toMatchObject({ email: member.input.email, pendingEmail: null });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, member.user.id));
    expect(row?.pendingEmail).toBeNull();
    expect((await decline(t, member)).statusCode).toBe(204);
    expect((await confirm(t, member, member.input.password)).statusCode).toBe(409);
  });

  it("is replaced by the member's own e-mail change", async () => {
    const { t, member } = await withPendingChange();
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: asMember(member.cookie),
      payload: { email: "my.choice@example.com", currentPassword: member.input.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: "my.choice@example.com", pendingEmail: null });
  });

  it("needs a signed-in member and a request from our own site", async () => {
    const { t, member } = await withPendingChange();
    const before = await fingerprintAll(t.db);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/profile/confirm-email-change",
      headers: SAME_ORIGIN,
      payload: { currentPassword: member.input.password },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "DELETE", url: "/api/profile/pending-email", headers: SAME_ORIGIN }))
        .statusCode,
    ).toBe(401);
    const foreign = { cookie: member.cookie, origin: "https://evil.example" };
    const crossConfirm = await t.app.inject({
      method: "POST",
      url: "/api/profile/confirm-email-change",
      headers: foreign,
      payload: { currentPassword: member.input.password },
    });
    expect(crossConfirm.statusCode).toBe(403);
    expect(crossConfirm.json().code).toBe("forbidden_origin");
    const crossDecline = await t.app.inject({
      method: "DELETE",
      url: "/api/profile/pending-email",
      headers: foreign,
    });
    expect(crossDecline.json().code).toBe("forbidden_origin");
    expect(await fingerprintAll(t.db)).toEqual(before);
  });

  it("works from a fresh sign-in with the old address", async () => {
    const { t, member, pending } = await withPendingChange();
    const signIn = await login(t, member.input.email, member.input.password);
    const fresh = { ...member, cookie: sessionCookie(signIn) };
    expect((await me(t, fresh)).pendingEmail).toBe(pending);
    expect((await confirm(t, fresh, member.input.password)).json().email).toBe(pending);
  });
});
