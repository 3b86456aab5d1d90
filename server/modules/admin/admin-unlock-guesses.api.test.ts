import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_UNLOCK_GUESSES, RATE_LIMITS } from "#contract/limits.ts";
import { profiles } from "#server/db/schema/index.ts";
import {
  asMember,
  enrolAuthenticatorApp,
  registerMember,
  registerVerifiedMember,
  uniqueIp,
} from "#server/test/factories.ts";
import { atOnce, GUESSES, tally } from "#server/test/guesses.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";
import { wrongCodeAt } from "#server/test/totp-codes.ts";
import { ADMIN_UNLOCK_MESSAGES } from "./admin-session.service.ts";

const ADMIN_EMAIL = "admin@example.com";
const LOCKOUT_OVER = ADMIN_UNLOCK_GUESSES.lockoutMs + 60_000;
const LOCKED_OUT = { error: ADMIN_UNLOCK_MESSAGES.lockedOut, code: "rate_limited" };
const { lockoutAfter } = ADMIN_UNLOCK_GUESSES;

/** Each try from an address of its own unless told, as a stolen cookie used from many machines would come. */
const unlock = (
  t: TestApp,
  cookie: string,
  body: { password: string; code?: string },
  remoteAddress = uniqueIp(),
) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/session",
    headers: asMember(cookie),
    payload: body,
    remoteAddress,
  });

async function administrator() {
  const clock = manualClock();
  const t = await createTestApp({ clock, config: { adminEmails: new Set([ADMIN_EMAIL]) } });
  const admin = await registerVerifiedMember(t, { email: ADMIN_EMAIL });
  const authenticator = await enrolAuthenticatorApp(t, admin);
  /** The right password and a fresh code: what opens the panel when nothing is locked. */
  const rightTry = async () => ({ password: admin.input.password, code: await authenticator.nextCode() });
  /** A wrong password: the code is not looked at then. */
  const wrongPassword = async () => ({ password: "guess", code: "123456" });
  return { t, clock, authenticator, rightTry, wrongPassword, ...admin };
}

describe("guessing the admin unlock password", () => {
  it("is limited per account, however many addresses the guesses come from", async () => {
    const { t, clock, cookie, rightTry, wrongPassword } = await administrator();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await unlock(t, cookie, await wrongPassword())).statusCode);
    expect(statuses).toEqual([
      ...Array(ADMIN_UNLOCK_GUESSES.lockoutAfter).fill(403),
      ...Array(14 - ADMIN_UNLOCK_GUESSES.lockoutAfter).fill(429),
    ]);
    // Locked out, even the right password and code wait.
    const locked = await unlock(t, cookie, await rightTry());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: ADMIN_UNLOCK_MESSAGES.lockedOut, code: "rate_limited" });

    clock.advance(LOCKOUT_OVER);
    expect((await unlock(t, cookie, await rightTry())).statusCode).toBe(200);
  });

  it("ends the member session that keeps guessing, at the tenth wrong password in a row", async () => {
    const { t, clock, cookie, wrongPassword } = await administrator();
    for (let i = 0; i < ADMIN_UNLOCK_GUESSES.lockoutAfter; i++) {
      expect((await unlock(t, cookie, await wrongPassword())).statusCode).toBe(403);
    }
    // Past the lockout, each further wrong password locks the unlock for as long again.
    for (let i = ADMIN_UNLOCK_GUESSES.lockoutAfter; i < ADMIN_UNLOCK_GUESSES.signOutAfter - 1; i++) {
      clock.advance(LOCKOUT_OVER);
      expect((await unlock(t, cookie, await wrongPassword())).statusCode).toBe(403);
      expect((await unlock(t, cookie, await wrongPassword())).statusCode).toBe(429);
    }
    clock.advance(LOCKOUT_OVER);
    const tenth = await unlock(t, cookie, await wrongPassword());
    expect(tenth.statusCode).toBe(401);
    expect(tenth.json()).toEqual({ error: ADMIN_UNLOCK_MESSAGES.signedOut, code: "unauthenticated" });
    expect((await t.app.inject({ url: "/api/profile", headers: asMember(cookie) })).statusCode).toBe(401);
  });

  it("starts counting again after the right password and code", async () => {
    const { t, cookie, rightTry, wrongPassword } = await administrator();
    for (let i = 0; i < ADMIN_UNLOCK_GUESSES.lockoutAfter - 1; i++) {
      expect((await unlock(t, cookie, await wrongPassword())).statusCode).toBe(403);
    }
    expect((await unlock(t, cookie, await rightTry())).statusCode).toBe(200);
    for (let i = 0; i < ADMIN_UNLOCK_GUESSES.lockoutAfter; i++) {
      expect((await unlock(t, cookie, await wrongPassword())).statusCode).toBe(403);
    }
    expect((await unlock(t, cookie, await wrongPassword())).statusCode).toBe(429);
  });

  it("counts wrong codes given with the right password toward the same limit", async () => {
    const { t, clock, cookie, input, authenticator, rightTry, wrongPassword } = await administrator();
    const wrongCode = async () => ({
      password: input.password,
      code: await wrongCodeAt(authenticator.secret, clock.now()),
    });
    // Wrong passwords and wrong codes in a row add up: the fifth wrong try of either kind locks the unlock.
    const tries = [wrongPassword, wrongCode, wrongPassword, wrongCode, wrongCode];
    const answers: string[] = [];
    for (const next of tries) answers.push((await unlock(t, cookie, await next())).json().code);
    expect(answers).toEqual([
      "wrong_password",
      "invalid_code",
      "wrong_password",
      "invalid_code",
      "invalid_code",
    ]);
    const locked = await unlock(t, cookie, await rightTry());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: ADMIN_UNLOCK_MESSAGES.lockedOut, code: "rate_limited" });

    clock.advance(LOCKOUT_OVER);
    // Past the lockout, one more wrong code locks it again.
    expect((await unlock(t, cookie, await wrongCode())).json().code).toBe("invalid_code");
    expect((await unlock(t, cookie, await rightTry())).statusCode).toBe(429);
    clock.advance(LOCKOUT_OVER);
    expect((await unlock(t, cookie, await rightTry())).statusCode).toBe(200);
  });

  it("ends the member session at the tenth wrong code in a row", async () => {
    const { t, clock, cookie, input, authenticator } = await administrator();
    const wrongCode = async () => ({
      password: input.password,
      code: await wrongCodeAt(authenticator.secret, clock.now()),
    });
    const statuses: number[] = [];
    for (let i = 0; i < ADMIN_UNLOCK_GUESSES.signOutAfter; i++) {
      if (i >= ADMIN_UNLOCK_GUESSES.lockoutAfter) clock.advance(LOCKOUT_OVER);
      statuses.push((await unlock(t, cookie, await wrongCode())).statusCode);
    }
    expect(statuses).toEqual([...Array(ADMIN_UNLOCK_GUESSES.signOutAfter - 1).fill(400), 401]);
    expect((await t.app.inject({ url: "/api/profile", headers: asMember(cookie) })).statusCode).toBe(401);
  });

  it("opens with the password alone when the second factor is not required", async () => {
    const otherEmail = "second.admin@example.com";
    const t = await createTestApp({
      config: { adminEmails: new Set([ADMIN_EMAIL, otherEmail]), adminRequireSecondFactor: false },
    });
    // An administrator with no second factor at all…
    const admin = await registerVerifiedMember(t, { email: ADMIN_EMAIL });
    expect((await unlock(t, admin.cookie, { password: admin.input.password })).statusCode).toBe(200);
    // …and one who has set up an authenticator app but gives no code.
    const other = await registerVerifiedMember(t, { email: otherEmail });
    await enrolAuthenticatorApp(t, other);
    expect((await unlock(t, other.cookie, { password: other.input.password })).statusCode).toBe(200);
    // A wrong password still counts.
    expect((await unlock(t, other.cookie, { password: "guess" })).json().code).toBe("wrong_password");
  });
});

// Tries sent at once: exactly the lockout's number is checked, every other one refused without a check, and so
// is the right password.
describe("admin unlocks sent at once", () => {
  it(`check ${lockoutAfter} wrong passwords, from many addresses or from one`, async () => {
    const { t, cookie, rightTry } = await administrator();
    const address = uniqueIp();
    const answers = await atOnce(GUESSES, (i) =>
      unlock(t, cookie, { password: `guess ${i}`, code: "123456" }, i % 2 ? uniqueIp() : address),
    );
    expect(tally(answers)).toEqual({
      "403 wrong_password": lockoutAfter,
      "429 rate_limited": GUESSES - lockoutAfter,
    });
    expect((await unlock(t, cookie, await rightTry())).json()).toEqual(LOCKED_OUT);
  });

  it(`check ${lockoutAfter} wrong codes given with the right password`, async () => {
    const { t, clock, cookie, input, authenticator, rightTry } = await administrator();
    const wrong = { password: input.password, code: await wrongCodeAt(authenticator.secret, clock.now()) };
    const answers = await atOnce(GUESSES, () => unlock(t, cookie, wrong));
    expect(tally(answers)).toEqual({
      "400 invalid_code": lockoutAfter,
      "429 rate_limited": GUESSES - lockoutAfter,
    });
    expect((await unlock(t, cookie, await rightTry())).json()).toEqual(LOCKED_OUT);
  });

  it("start counting again after the right password and code", async () => {
    const { t, cookie, rightTry } = await administrator();
    const wrong = { password: "guess", code: "123456" };
    const first = await atOnce(lockoutAfter - 1, () => unlock(t, cookie, wrong));
    expect(tally(first)).toEqual({ "403 wrong_password": lockoutAfter - 1 });
    expect((await unlock(t, cookie, await rightTry())).statusCode).toBe(200);
    const again = await atOnce(GUESSES, () => unlock(t, cookie, wrong));
    expect(tally(again)).toEqual({
      "403 wrong_password": lockoutAfter,
      "429 rate_limited": GUESSES - lockoutAfter,
    });
  });

  it("give back tries refused for another reason than a wrong secret", async () => {
    const { t, cookie, input } = await administrator();
    const { password } = input;
    // The right password without a code is asked for the code, more times than the lockout allows tries
    // (one after another: while one is checked it holds its place)…
    for (let i = 0; i < 2 * lockoutAfter; i++) {
      expect((await unlock(t, cookie, { password })).json().code).toBe("validation");
    }
    // …and none of them was kept: the full number of wrong passwords is still checked.
    const wrong = await atOnce(GUESSES, (i) => unlock(t, cookie, { password: `guess ${i}` }));
    expect(tally(wrong)).toEqual({
      "403 wrong_password": lockoutAfter,
      "429 rate_limited": GUESSES - lockoutAfter,
    });
  });

  it(`check ${RATE_LIMITS.adminSession.max} wrong passwords from one address, at many accounts`, async () => {
    const { t, cookie, rightTry } = await administrator();
    // Fewer guesses per account than its own lockout: only the address's budget can stop them.
    const perAccount = lockoutAfter - 1;
    const accounts: { cookie: string }[] = [];
    for (let i = 0; i < GUESSES / perAccount; i++) {
      const member = await registerMember(t);
      await t.db.update(profiles).set({ role: "admin" }).where(eq(profiles.id, member.user.id));
      accounts.push(member);
    }
    const address = uniqueIp();
    const answers = await atOnce(GUESSES, (i) =>
      unlock(t, accounts[i % accounts.length]?.cookie ?? "", { password: `guess ${i}` }, address),
    );
    expect(tally(answers)).toEqual({
      "403 wrong_password": RATE_LIMITS.adminSession.max,
      "429 rate_limited": GUESSES - RATE_LIMITS.adminSession.max,
    });
    // Each refusal says when the address's window ends.
    const waits = answers
      .filter((answer) => answer.statusCode === 429)
      .map((a) => Number(a.headers["retry-after"]));
    expect(Math.min(...waits)).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBeLessThanOrEqual(RATE_LIMITS.adminSession.windowMs / 1000);
    // The right password and code wait there too (nothing is checked), and open from elsewhere.
    const right = await rightTry();
    expect((await unlock(t, cookie, right, address)).statusCode).toBe(429);
    expect((await unlock(t, cookie, right)).statusCode).toBe(200);
  });
});
