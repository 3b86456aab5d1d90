import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { TOTP } from "#contract/limits.ts";
import {
  asMember,
  enrolAuthenticatorApp,
  registerMember,
  registerVerifiedMember,
  SAME_ORIGIN,
  sessionCookie,
} from "#server/test/factories.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";
import { wrongCodeAt } from "#server/test/totp-codes.ts";
import { ADMIN_UNLOCK_MESSAGES } from "./admin-session.service.ts";

const ADMIN_EMAIL = "admin@example.com";

const openAdminSession = (t: TestApp, cookie: string, body: { password: string; code?: string }) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/session",
    headers: asMember(cookie),
    payload: body,
  });

/** A verified administrator with an authenticator app set up, as the unlock needs. */
async function administrator(t: TestApp) {
  const admin = await registerVerifiedMember(t, { email: ADMIN_EMAIL });
  return { ...admin, authenticator: await enrolAuthenticatorApp(t, admin) };
}

describe("POST /api/admin/session", () => {
  it("grants an admin session to an administrator who re-enters their password and a code", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set([ADMIN_EMAIL]) } });
    const { cookie, input, authenticator } = await administrator(t);
    const res = await openAdminSession(t, cookie, {
      password: input.password,
      code: await authenticator.nextCode(),
    });
    expect(res.statusCode).toBe(200);
    const { sessionId } = res.json();
    expect(sessionId).toMatch(/^[\w-]{40,}$/);

    const check = (headers: Record<string, string>) =>
      t.app.inject({ url: "/api/admin/session", headers: { cookie, ...headers } });
    expect((await check({ "x-admin-session": sessionId })).statusCode).toBe(200);
    expect((await check({})).json()).toEqual({ error: MESSAGES.adminRequired, code: "admin_required" });
    expect((await check({ "x-admin-session": "forged" })).statusCode).toBe(403);
  });

  it("binds the admin session to the member session that opened it", async () => {
    // Two codes: the clock moves a step on between them (each step's code is accepted once).
    const clock = manualClock();
    const t = await createTestApp({ clock, config: { adminEmails: new Set([ADMIN_EMAIL]) } });
    const { cookie, input, authenticator } = await administrator(t);
    const unlocked = await openAdminSession(t, cookie, {
      password: input.password,
      code: await authenticator.nextCode(),
    });
    const { sessionId } = unlocked.json();
    await t.app.inject({ method: "POST", url: "/api/logout", headers: asMember(cookie) });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: SAME_ORIGIN,
      payload: { email: ADMIN_EMAIL, password: input.password },
    });
    const signIn = login.cookies.find((c) => c.name === "tagit_sign_in");
    clock.advance(TOTP.periodSeconds * 1000);
    const secondStep = await t.app.inject({
      method: "POST",
      url: "/api/auth/login/second-factor",
      headers: { ...SAME_ORIGIN, cookie: `tagit_sign_in=${signIn?.value}` },
      payload: { code: await authenticator.nextCode() },
    });
    const newCookie = sessionCookie(secondStep);
    const res = await t.app.inject({
      url: "/api/admin/session",
      headers: { cookie: newCookie, "x-admin-session": sessionId },
    });
    expect(res.statusCode).toBe(403);
  });

  it("refuses members who are not administrators, a wrong password, and strangers", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set([ADMIN_EMAIL]) } });
    const member = await registerMember(t);
    const notAdmin = await openAdminSession(t, member.cookie, { password: member.input.password });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toEqual({ error: MESSAGES.adminRequired, code: "admin_required" });

    const admin = await administrator(t);
    const wrongPassword = await openAdminSession(t, admin.cookie, {
      password: "wrong password",
      code: await admin.authenticator.nextCode(),
    });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().code).toBe("wrong_password");

    const stranger = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: SAME_ORIGIN,
      payload: { password: "x" },
    });
    expect(stranger.statusCode).toBe(401);
  });

  it("validates the body", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set([ADMIN_EMAIL]) } });
    const { cookie } = await registerVerifiedMember(t, { email: ADMIN_EMAIL });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: asMember(cookie),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Password is required");
  });

  it("asks an administrator without a second factor to set one up first", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set([ADMIN_EMAIL]) } });
    const { cookie, input } = await registerVerifiedMember(t, { email: ADMIN_EMAIL });
    const res = await openAdminSession(t, cookie, { password: input.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MESSAGES.secondFactorRequired, code: "second_factor_required" });
    // With an authenticator app set up, the same password and a code open the panel.
    const authenticator = await enrolAuthenticatorApp(t, { cookie });
    const unlocked = await openAdminSession(t, cookie, {
      password: input.password,
      code: await authenticator.nextCode(),
    });
    expect(unlocked.statusCode).toBe(200);
  });

  it("asks for the code besides the password, and refuses a wrong one", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set([ADMIN_EMAIL]) } });
    const { cookie, input, authenticator } = await administrator(t);
    const withoutCode = await openAdminSession(t, cookie, { password: input.password });
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json()).toEqual({
      error: ADMIN_UNLOCK_MESSAGES.codeRequired,
      code: "validation",
      fields: { code: ADMIN_UNLOCK_MESSAGES.codeRequired },
    });
    const wrongCode = await wrongCodeAt(authenticator.secret, t.clock.now());
    const rightCode = await authenticator.nextCode();
    const wrong = await openAdminSession(t, cookie, { password: input.password, code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: MESSAGES.invalidCode,
      code: "invalid_code",
      fields: { code: MESSAGES.invalidCode },
    });
    const right = await openAdminSession(t, cookie, { password: input.password, code: rightCode });
    expect(right.statusCode).toBe(200);
    // A code opens the panel once: the same code again is refused.
    const replayed = await openAdminSession(t, cookie, { password: input.password, code: rightCode });
    expect(replayed.json().code).toBe("invalid_code");
  });

  it("takes a recovery code instead of the app's code, each once", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set([ADMIN_EMAIL]) } });
    const { cookie, input, authenticator } = await administrator(t);
    const [recoveryCode] = authenticator.recoveryCodes;
    const first = await openAdminSession(t, cookie, { password: input.password, code: recoveryCode });
    expect(first.statusCode).toBe(200);
    const again = await openAdminSession(t, cookie, { password: input.password, code: recoveryCode });
    expect(again.json().code).toBe("invalid_code");
  });
});
