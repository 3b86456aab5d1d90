import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { grantAdmin, grantAdminReport } from "#server/modules/profile/grant-admin.ts";
import { asMember, enrolAuthenticatorApp, registerMember, verifyEmail } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const ADMIN_EMAIL = "admin@example.com";

/** Whether the member's own requests see them as an administrator (after `admin:grant` wrote outside the app). */
async function isAdmin(t: TestApp, cookie: string) {
  await t.app.changes.sync();
  return (await t.app.inject({ url: "/api/profile", headers: { cookie } })).json().isAdmin;
}

/** The unlock with the password and, once the member has set one up, a code from their authenticator app. */
const unlock = async (
  t: TestApp,
  member: { cookie: string; input: { password: string } },
  authenticator?: { nextCode(): Promise<string> },
) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/session",
    headers: asMember(member.cookie),
    payload: { password: member.input.password, code: await authenticator?.nextCode() },
  });

describe("the administrator role", () => {
  it("is not granted to whoever registers an ADMIN_EMAILS address until they verify it", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set([ADMIN_EMAIL]) } });
    const claimant = await registerMember(t, { email: "Admin@Example.com" });
    expect(await isAdmin(t, claimant.cookie)).toBe(false);
    const refused = await unlock(t, claimant);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: MESSAGES.adminRequired, code: "admin_required" });

    await verifyEmail(t, ADMIN_EMAIL);
    expect(await isAdmin(t, claimant.cookie)).toBe(true);
    expect((await unlock(t, claimant, await enrolAuthenticatorApp(t, claimant))).statusCode).toBe(200);
  });

  it("is lost when an administrator moves to an unverified address off the list", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set([ADMIN_EMAIL]) } });
    const admin = await registerMember(t, { email: ADMIN_EMAIL });
    await verifyEmail(t, ADMIN_EMAIL);
    await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: asMember(admin.cookie),
      payload: { email: "elsewhere@example.com", currentPassword: admin.input.password },
    });
    expect(await isAdmin(t, admin.cookie)).toBe(false);
  });

  it("is granted by admin:grant (role = admin) without the list or a verified address", async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    expect(await isAdmin(t, member.cookie)).toBe(false);
    const granted = await grantAdmin(t.db, ` ${member.input.email.toUpperCase()} `);
    expect(granted).toEqual({ email: member.input.email, changed: true, hasSecondFactor: false });
    expect(await isAdmin(t, member.cookie)).toBe(true);
    expect((await unlock(t, member, await enrolAuthenticatorApp(t, member))).statusCode).toBe(200);
    expect(await grantAdmin(t.db, member.input.email)).toEqual({
      email: member.input.email,
      changed: false,
      hasSecondFactor: true,
    });
  });

  it("admin:grant says when the new administrator still needs a second factor to unlock the panel", () => {
    const email = "new.admin@example.com";
    const granted = { email, changed: true, hasSecondFactor: false };
    const needsOne = grantAdminReport(granted, { requireSecondFactor: true });
    expect(needsOne).toContain(`${email} is now an administrator.`);
    expect(needsOne).toMatch(/must set up a second factor/);
    expect(needsOne).toMatch(/authenticator app or a passkey in Security settings/);
    // Not when they have one already, nor when the unlock does not ask for it.
    expect(grantAdminReport({ ...granted, hasSecondFactor: true }, { requireSecondFactor: true })).toBe(
      `${email} is now an administrator.`,
    );
    expect(grantAdminReport(granted, { requireSecondFactor: false })).toBe(
      `${email} is now an administrator.`,
    );
    expect(grantAdminReport({ ...granted, changed: false }, { requireSecondFactor: true })).toMatch(
      /was already an administrator\.\n.*second factor/,
    );
  });

  it("admin:grant refuses an unknown or malformed address", async () => {
    const t = await createTestApp();
    await expect(grantAdmin(t.db, "nobody@example.com")).rejects.toMatchObject({ code: "not_found" });
    await expect(grantAdmin(t.db, "not-an-email")).rejects.toMatchObject({ code: "validation" });
  });
});
