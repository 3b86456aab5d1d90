import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { asMember, registerMember, registerVerifiedMember, SAME_ORIGIN } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const ADMIN_EMAIL = "admin@example.com";

const openAdminSession = (t: TestApp, cookie: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/session",
    headers: asMember(cookie),
    payload: { password },
  });

describe("POST /api/admin/session", () => {
  it("grants an admin session to an administrator who re-enters their password", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set([ADMIN_EMAIL]) } });
    const { cookie, input } = await registerVerifiedMember(t, { email: ADMIN_EMAIL });
    const res = await openAdminSession(t, cookie, input.password);
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
    const t = await createTestApp({ config: { adminEmails: new Set([ADMIN_EMAIL]) } });
    const { cookie, input } = await registerVerifiedMember(t, { email: ADMIN_EMAIL });
    const { sessionId } = (await openAdminSession(t, cookie, input.password)).json();
    await t.app.inject({ method: "POST", url: "/api/logout", headers: asMember(cookie) });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: SAME_ORIGIN,
      payload: { email: ADMIN_EMAIL, password: input.password },
    });
    const newCookie = String(login.headers["set-cookie"]).split(";")[0] ?? "";
    const res = await t.app.inject({
      url: "/api/admin/session",
      headers: { cookie: newCookie, "x-admin-session": sessionId },
    });
    expect(res.statusCode).toBe(403);
  });

  it("refuses members who are not administrators, a wrong password, and strangers", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set([ADMIN_EMAIL]) } });
    const member = await registerMember(t);
    const notAdmin = await openAdminSession(t, member.cookie, member.input.password);
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toEqual({ error: MESSAGES.adminRequired, code: "admin_required" });

    const admin = await registerVerifiedMember(t, { email: ADMIN_EMAIL });
    expect((await openAdminSession(t, admin.cookie, "wrong password")).statusCode).toBe(403);

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
});
