import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_SESSION_IDLE_MINUTES, RATE_LIMITS, TOTP } from "#contract/limits.ts";
import { adminSessions, profiles } from "#server/db/schema/index.ts";
import {
  asMember,
  enrolAuthenticatorApp,
  registerMember,
  registerVerifiedMember,
} from "#server/test/factories.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

const ADMIN_EMAIL = "admin@example.com";
const MINUTE = 60_000;

/** Every try from the same address, as one browser's would come. */
const unlock = (t: TestApp, cookie: string, body: { password: string; code?: string }) =>
  t.app.inject({ method: "POST", url: "/api/admin/session", headers: asMember(cookie), payload: body });

/** Another administrator of the same app (their role given in the database), signed in. */
async function administratorBeside(t: TestApp) {
  const member = await registerMember(t);
  await t.db.update(profiles).set({ role: "admin" }).where(eq(profiles.id, member.user.id));
  return member;
}

async function administrator() {
  const clock = manualClock();
  const t = await createTestApp({ clock, config: { adminEmails: new Set([ADMIN_EMAIL]) } });
  const admin = await registerVerifiedMember(t, { email: ADMIN_EMAIL });
  const authenticator = await enrolAuthenticatorApp(t, admin);
  /** The right password and the next step's code (the clock moves a step on, as each code opens once). */
  const rightTry = async () => {
    clock.advance(TOTP.periodSeconds * 1000);
    return { password: admin.input.password, code: await authenticator.nextCode() };
  };
  const check = (sessionId: string) =>
    t.app.inject({
      url: "/api/admin/session",
      headers: { cookie: admin.cookie, "x-admin-session": sessionId },
    });
  return { t, clock, rightTry, check, ...admin };
}

describe("the admin unlock's lifetime", () => {
  it("never counts successful unlocks toward the per-address limit", async () => {
    const { t, cookie, rightTry } = await administrator();
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.adminSession.max + 3; i++) {
      statuses.push((await unlock(t, cookie, await rightTry())).statusCode);
    }
    expect(statuses).toEqual(Array(RATE_LIMITS.adminSession.max + 3).fill(200));
  });

  it("still counts failed unlocks from an address, whoever's they are", async () => {
    const { t, cookie, rightTry } = await administrator();
    const others = [];
    for (let i = 0; i < 3; i++) others.push(await administratorBeside(t));
    const fail = (other: { cookie: string }) => unlock(t, other.cookie, { password: "guess" });
    // Fewer wrong tries per account than its own lockout, from one address: the address's budget adds them up.
    const perAccount = (RATE_LIMITS.adminSession.max - 1) / others.length;
    for (const other of others) {
      for (let i = 0; i < perAccount; i++) expect((await fail(other)).statusCode).toBe(403);
    }
    // Successes in between change nothing either way, nor do tries of a member who is no administrator.
    for (let i = 0; i < 3; i++) expect((await unlock(t, cookie, await rightTry())).statusCode).toBe(200);
    const member = await registerMember(t);
    for (let i = 0; i < 3; i++) {
      expect((await unlock(t, member.cookie, { password: member.input.password })).statusCode).toBe(403);
    }
    expect((await fail(others[0] as { cookie: string })).statusCode).toBe(403);
    // The budget of failures is spent: even the right password and code wait.
    const limited = await unlock(t, cookie, await rightTry());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("rate_limited");
  });

  it(`ends ${ADMIN_SESSION_IDLE_MINUTES} minutes after the last admin call`, async () => {
    const { t, clock, cookie, rightTry, check } = await administrator();
    const { sessionId } = (await unlock(t, cookie, await rightTry())).json();
    clock.advance((ADMIN_SESSION_IDLE_MINUTES - 1) * MINUTE);
    expect((await check(sessionId)).statusCode).toBe(200);
    clock.advance(ADMIN_SESSION_IDLE_MINUTES * MINUTE + 1);
    const expired = await check(sessionId);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe("admin_required");
    // The member session is untouched.
    expect((await t.app.inject({ url: "/api/profile", headers: asMember(cookie) })).statusCode).toBe(200);
  });

  it("is kept open by admin activity, however long the work goes on", async () => {
    const { t, clock, cookie, rightTry, check } = await administrator();
    const { sessionId } = (await unlock(t, cookie, await rightTry())).json();
    // Two hours of work, a call every 25 minutes.
    for (let i = 0; i < 5; i++) {
      clock.advance(25 * MINUTE);
      expect((await check(sessionId)).statusCode).toBe(200);
    }
    // Calls that are not admin calls do not keep it open.
    clock.advance(20 * MINUTE);
    expect((await t.app.inject({ url: "/api/profile", headers: asMember(cookie) })).statusCode).toBe(200);
    clock.advance(11 * MINUTE);
    expect((await check(sessionId)).statusCode).toBe(403);
  });

  it("serves every tab of the browser until Lock, and ends with the member session", async () => {
    const { t, cookie, rightTry, check } = await administrator();
    const { sessionId } = (await unlock(t, cookie, await rightTry())).json();
    // A second tab sends the same cookie and the same admin session id: no second unlock.
    expect((await check(sessionId)).statusCode).toBe(200);
    const lock = await t.app.inject({
      method: "DELETE",
      url: "/api/admin/session",
      headers: { ...asMember(cookie), "x-admin-session": sessionId },
    });
    expect(lock.statusCode).toBe(204);
    expect((await check(sessionId)).statusCode).toBe(403);

    const again = (await unlock(t, cookie, await rightTry())).json().sessionId as string;
    expect((await check(again)).statusCode).toBe(200);
    await t.app.inject({ method: "POST", url: "/api/logout", headers: asMember(cookie) });
    // Signing out ends the unlock with it.
    expect(await t.db.select().from(adminSessions)).toEqual([]);
  });
});
