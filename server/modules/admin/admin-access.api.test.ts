import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { profiles } from "#server/db/schema/index.ts";
import {
  asMember,
  enrolAuthenticatorApp,
  registerMember,
  registerVerifiedMember,
} from "#server/test/factories.ts";
import { fingerprintAll } from "#server/test/reset-database.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const ADMIN_EMAIL = "admin@example.com";
const OTHER_ADMIN_EMAIL = "second.admin@example.com";
const SOME_ID = "00000000-0000-4000-8000-000000000000";
/** A body the unlock route accepts as well formed; the guard refuses every other route before reading it. */
const WRONG_PASSWORD = { password: "not the password" };

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Every admin route the app registered — under /api/admin/, or elsewhere with `access: "admin"` (a few admin
 * writes of the published API sit outside that prefix) — read from the app itself so new ones are covered
 * too.
 */
function adminRoutes(t: TestApp) {
  return (
    t.app
      .declaredRoutes()
      .filter((route) => route.url.startsWith("/api/admin/") || route.config.access === "admin")
      .map((route) => ({
        method: route.method as Method,
        url: route.url.replace(/:\w+/g, SOME_ID).replace(/\*$/, "x"),
        unlock: route.config.adminUnlock === true,
      }))
      // Locking ends the session the others need, so it goes last.
      .sort((a, b) => Number(isLock(a)) - Number(isLock(b)))
  );
}

const isLock = (route: { method: Method; url: string }) =>
  route.method === "DELETE" && route.url === "/api/admin/session";

/** Sets up the administrator's authenticator app and unlocks with their password and a code. */
async function unlock(t: TestApp, admin: { cookie: string; input: { password: string } }) {
  const authenticator = await enrolAuthenticatorApp(t, admin);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/session",
    headers: asMember(admin.cookie),
    payload: { password: admin.input.password, code: await authenticator.nextCode() },
  });
  return res.json().sessionId as string;
}

const adminApp = () => createTestApp({ config: { adminEmails: new Set([ADMIN_EMAIL, OTHER_ADMIN_EMAIL]) } });

describe("every /api/admin/* route", () => {
  it("refuses strangers, members, and administrators without their own live admin session — and changes nothing", async () => {
    const t = await adminApp();
    const member = await registerMember(t);
    const admin = await registerVerifiedMember(t, { email: ADMIN_EMAIL });
    const otherAdmin = await registerVerifiedMember(t, { email: OTHER_ADMIN_EMAIL });
    const othersSession = await unlock(t, otherAdmin);
    const lockedSession = await unlock(t, admin);
    const lock = await t.app.inject({
      method: "DELETE",
      url: "/api/admin/session",
      headers: { ...asMember(admin.cookie), "x-admin-session": lockedSession },
    });
    expect(lock.statusCode).toBe(204);

    const routes = adminRoutes(t);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        "POST /api/admin/session",
        "GET /api/admin/session",
        "DELETE /api/admin/session",
        "POST /api/admin/tagg",
        `PUT /api/admin/tagg/${SOME_ID}`,
        `POST /api/admin/tagg/${SOME_ID}/toggle`,
        `DELETE /api/admin/tagg/${SOME_ID}`,
        "POST /api/admin/profile",
        `PUT /api/admin/profile/${SOME_ID}`,
        `DELETE /api/admin/profile/${SOME_ID}`,
        "POST /api/admin/costs",
        `PUT /api/admin/costs/${SOME_ID}`,
        `DELETE /api/admin/costs/${SOME_ID}`,
        `PUT /api/admin/profiles/${SOME_ID}/role`,
      ]),
    );
    const before = await fingerprintAll(t.db);

    for (const { method, url, unlock: isUnlock } of routes) {
      const payload = method === "GET" || method === "HEAD" ? undefined : WRONG_PASSWORD;
      const call = (headers: Record<string, string>) => t.app.inject({ method, url, headers, payload });
      const expectRefused = async (
        headers: Record<string, string>,
        who: string,
        status: number,
        code: string | undefined,
      ) => {
        const res = await call(headers);
        expect(res.statusCode, `${method} ${url} ${who}`).toBe(status);
        if (method !== "HEAD" && code) expect(res.json().code, `${method} ${url} ${who}`).toBe(code);
      };

      await expectRefused({}, "as a stranger", 401, "unauthenticated");
      await expectRefused(asMember(member.cookie), "as a member", 403, "admin_required");
      // Only the unlock route lets an administrator in before an admin session (to check the password).
      const unlockCode = isUnlock ? "wrong_password" : "admin_required";
      await expectRefused(asMember(admin.cookie), "without x-admin-session", 403, unlockCode);
      if (isUnlock) continue;
      const withSession = (adminSession: string) => ({
        ...asMember(admin.cookie),
        "x-admin-session": adminSession,
      });
      await expectRefused(withSession("forged-session-id"), "with a forged session", 403, "admin_required");
      await expectRefused(withSession(othersSession), "with another admin's session", 403, "admin_required");
      await expectRefused(withSession(lockedSession), "after lock", 403, "admin_required");
    }

    // The one write: the unlock counted the administrator's wrong password (guesses are limited per account).
    const [counted] = await t.db
      .select({ failures: profiles.adminUnlockFailures })
      .from(profiles)
      .where(eq(profiles.id, admin.user.id));
    expect(counted?.failures).toBe(1);
    await t.db
      .update(profiles)
      .set({ adminUnlockFailures: 0, adminUnlockFailedAt: null, updatedAt: sql`${profiles.updatedAt}` })
      .where(eq(profiles.id, admin.user.id));
    expect(await fingerprintAll(t.db)).toEqual(before);
    const notAdmin = await t.app.inject({ url: "/api/admin/taggs", headers: asMember(member.cookie) });
    expect(notAdmin.json()).toEqual({ error: MESSAGES.adminRequired, code: "admin_required" });
  });

  it("lets an administrator with their own admin session past the guard", async () => {
    const t = await adminApp();
    const admin = await registerVerifiedMember(t, { email: ADMIN_EMAIL });
    const headers = { ...asMember(admin.cookie), "x-admin-session": await unlock(t, admin) };
    for (const { method, url } of adminRoutes(t)) {
      const res = await t.app.inject({ method, url, headers });
      expect([401, 403], `${method} ${url} as an administrator`).not.toContain(res.statusCode);
    }
  });
});
