import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { asMember, registerMember, registerVerifiedMember } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const ADMIN_EMAIL = "admin@example.com";
const SOME_ID = "00000000-0000-4000-8000-000000000000";
/** A body the unlock route accepts as well formed; the guard refuses every other route before reading it. */
const WRONG_PASSWORD = { password: "not the password" };

/** Every route the app registered under /api/admin/, read from the app itself so new ones are covered too. */
function adminRoutes(t: TestApp) {
  return t.app
    .declaredRoutes()
    .filter((route) => route.url.startsWith("/api/admin/"))
    .map((route) => ({
      method: route.method as "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE",
      url: route.url.replace(/:\w+/g, SOME_ID).replace(/\*$/, "x"),
      unlock: route.config.adminUnlock === true,
    }));
}

describe("every /api/admin/* route", () => {
  it("refuses strangers, members who are not administrators, and administrators without an admin session", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set([ADMIN_EMAIL]) } });
    const member = await registerMember(t);
    const admin = await registerVerifiedMember(t, { email: ADMIN_EMAIL });
    const routes = adminRoutes(t);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(["POST /api/admin/session", "GET /api/admin/session"]),
    );

    for (const { method, url, unlock } of routes) {
      const payload = method === "GET" || method === "HEAD" ? undefined : WRONG_PASSWORD;
      const call = (headers: Record<string, string>) => t.app.inject({ method, url, headers, payload });
      const stranger = await call({});
      expect(stranger.statusCode, `${method} ${url} as a stranger`).toBe(401);

      const notAdmin = await call(asMember(member.cookie));
      expect(notAdmin.statusCode, `${method} ${url} as a member`).toBe(403);
      if (method !== "HEAD") {
        expect(notAdmin.json()).toEqual({ error: MESSAGES.adminRequired, code: "admin_required" });
      }

      // Only the unlock route lets an administrator in before they have an admin session (to check the password).
      const adminWithoutSession = await call(asMember(admin.cookie));
      expect(adminWithoutSession.statusCode, `${method} ${url} without x-admin-session`).toBe(403);
      if (method !== "HEAD") {
        expect(adminWithoutSession.json().code).toBe(unlock ? "wrong_password" : "admin_required");
      }
    }
  });

  it("lets an administrator with an admin session past the guard", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set([ADMIN_EMAIL]) } });
    const admin = await registerVerifiedMember(t, { email: ADMIN_EMAIL });
    const unlock = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: asMember(admin.cookie),
      payload: { password: admin.input.password },
    });
    const headers = { ...asMember(admin.cookie), "x-admin-session": unlock.json().sessionId };
    for (const { method, url } of adminRoutes(t)) {
      const res = await t.app.inject({ method, url, headers });
      expect([401, 403], `${method} ${url} as an administrator`).not.toContain(res.statusCode);
    }
  });
});
