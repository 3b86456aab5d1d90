import { describe, expect, it } from "vitest";
import { ADMIN_UNLOCK_GUESSES } from "#contract/limits.ts";
import { asMember, registerVerifiedMember, uniqueIp } from "#server/test/factories.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";
import { ADMIN_UNLOCK_MESSAGES } from "./admin-session.service.ts";

const ADMIN_EMAIL = "admin@example.com";
const LOCKOUT_OVER = ADMIN_UNLOCK_GUESSES.lockoutMs + 60_000;

/** Each try from an address of its own, as a stolen cookie used from many machines would come. */
const unlock = (t: TestApp, cookie: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/session",
    headers: asMember(cookie),
    payload: { password },
    remoteAddress: uniqueIp(),
  });

async function administrator() {
  const clock = manualClock();
  const t = await createTestApp({ clock, config: { adminEmails: new Set([ADMIN_EMAIL]) } });
  const admin = await registerVerifiedMember(t, { email: ADMIN_EMAIL });
  return { t, clock, ...admin };
}

describe("guessing the admin unlock password", () => {
  it("is limited per account, however many addresses the guesses come from", async () => {
    const { t, clock, cookie, input } = await administrator();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await unlock(t, cookie, `guess ${i}`)).statusCode);
    expect(statuses).toEqual([
      ...Array(ADMIN_UNLOCK_GUESSES.lockoutAfter).fill(403),
      ...Array(14 - ADMIN_UNLOCK_GUESSES.lockoutAfter).fill(429),
    ]);
    // Locked out, even the right password waits.
    const locked = await unlock(t, cookie, input.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: ADMIN_UNLOCK_MESSAGES.lockedOut, code: "rate_limited" });

    clock.advance(LOCKOUT_OVER);
    expect((await unlock(t, cookie, input.password)).statusCode).toBe(200);
  });

  it("ends the member session that keeps guessing, at the tenth wrong password in a row", async () => {
    const { t, clock, cookie } = await administrator();
    for (let i = 0; i < ADMIN_UNLOCK_GUESSES.lockoutAfter; i++) {
      expect((await unlock(t, cookie, "guess")).statusCode).toBe(403);
    }
    // Past the lockout, each further wrong password locks the unlock for as long again.
    for (let i = ADMIN_UNLOCK_GUESSES.lockoutAfter; i < ADMIN_UNLOCK_GUESSES.signOutAfter - 1; i++) {
      clock.advance(LOCKOUT_OVER);
      expect((await unlock(t, cookie, "guess")).statusCode).toBe(403);
      expect((await unlock(t, cookie, "guess")).statusCode).toBe(429);
    }
    clock.advance(LOCKOUT_OVER);
    const tenth = await unlock(t, cookie, "guess");
    expect(tenth.statusCode).toBe(401);
    expect(tenth.json()).toEqual({ error: ADMIN_UNLOCK_MESSAGES.signedOut, code: "unauthenticated" });
    expect((await t.app.inject({ url: "/api/profile", headers: asMember(cookie) })).statusCode).toBe(401);
  });

  it("starts counting again after the right password", async () => {
    const { t, cookie, input } = await administrator();
    for (let i = 0; i < ADMIN_UNLOCK_GUESSES.lockoutAfter - 1; i++) {
      expect((await unlock(t, cookie, "guess")).statusCode).toBe(403);
    }
    expect((await unlock(t, cookie, input.password)).statusCode).toBe(200);
    for (let i = 0; i < ADMIN_UNLOCK_GUESSES.lockoutAfter; i++) {
      expect((await unlock(t, cookie, "guess")).statusCode).toBe(403);
    }
    expect((await unlock(t, cookie, "guess")).statusCode).toBe(429);
  });
});
