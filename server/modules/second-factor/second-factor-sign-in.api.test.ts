import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { CODE_GUESSES, PENDING_SIGN_IN, TOTP } from "#contract/limits.ts";
import { asMember, SAME_ORIGIN, sessionCookie, uniqueIp } from "#server/test/factories.ts";
import { SIGN_IN_COOKIE, secondStep, signIn, signInCookie, signInWithCode } from "#server/test/sign-in.ts";
import type { TestApp } from "#server/test/test-app.ts";
import { enrolledMember } from "#server/test/totp-codes.ts";

const MINUTE = 60_000;
const STEP_MS = TOTP.periodSeconds * 1000;
const EXPIRED = { error: MESSAGES.signInExpired, code: "sign_in_expired" };
const INVALID_CODE = {
  error: MESSAGES.invalidCode,
  code: "invalid_code",
  fields: { code: MESSAGES.invalidCode },
};

const profileStatus = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ url: "/api/profile", headers: asMember(cookie) })).statusCode;

describe("signing in with a second factor", () => {
  it("asks for it after the password and starts no session until it is given", async () => {
    const { t, clock, member, codeAt } = await enrolledMember();
    const login = await signIn(t, member);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ secondFactorRequired: true, methods: ["totp", "recovery"] });
    expect(login.cookies.map((cookie) => cookie.name)).toEqual([SIGN_IN_COOKIE]);
    const [pending] = login.cookies;
    expect(pending).toMatchObject({ httpOnly: true, sameSite: "Strict" });
    expect(pending?.expires?.getTime()).toBe(clock.now().getTime() + PENDING_SIGN_IN.minutes * MINUTE);
    const cookie = signInCookie(login);
    // The sign-in cookie opens nothing but the second step.
    expect(await profileStatus(t, cookie)).toBe(401);

    const done = await secondStep(t, cookie, { code: await codeAt() });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      user: expect.objectContaining({ id: member.user.id, email: member.input.email }),
    });
    expect(await profileStatus(t, sessionCookie(done))).toBe(200);
    // The sign-in is used: its cookie is cleared, and it completes nothing a second time.
    expect(done.cookies.find((c) => c.name === SIGN_IN_COOKIE)?.value).toBe("");
    clock.advance(STEP_MS);
    const again = await secondStep(t, cookie, { code: await codeAt() });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(EXPIRED);
  });

  it("takes each code once: the same code in a new sign-in is refused", async () => {
    const { t, member, codeAt } = await enrolledMember();
    const code = await codeAt();
    expect((await signInWithCode(t, member, code)).statusCode).toBe(200);
    const replay = await signInWithCode(t, member, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(INVALID_CODE);
  });

  it("accepts the code of the step before or after (clock skew), not two steps away", async () => {
    const { t, clock, member, codeAt } = await enrolledMember();
    clock.advance(5 * MINUTE);
    expect((await signInWithCode(t, member, await codeAt(-1))).statusCode).toBe(200);
    clock.advance(5 * MINUTE);
    expect((await signInWithCode(t, member, await codeAt(1))).statusCode).toBe(200);
    clock.advance(5 * MINUTE);
    for (const steps of [-2, 2]) {
      const res = await signInWithCode(t, member, await codeAt(steps));
      expect(res.json(), `${steps} steps`).toEqual(INVALID_CODE);
    }
    // The refused codes took nothing: this step's code still works.
    expect((await signInWithCode(t, member, await codeAt())).statusCode).toBe(200);
  });

  it("takes each recovery code once, typed in capitals or without the dash", async () => {
    const { t, member, app } = await enrolledMember();
    const [first = "", second = "", third = ""] = app.recoveryCodes;
    expect((await signInWithCode(t, member, first.toUpperCase())).statusCode).toBe(200);
    expect((await signInWithCode(t, member, second.replace("-", ""))).statusCode).toBe(200);
    expect((await signInWithCode(t, member, third.toUpperCase().replace("-", ""))).statusCode).toBe(200);
    const spent = await signInWithCode(t, member, first);
    expect(spent.statusCode).toBe(400);
    expect(spent.json()).toEqual(INVALID_CODE);
  });

  it(`ends a sign-in at its ${PENDING_SIGN_IN.wrongCodes}th wrong code`, async () => {
    const { t, member, codeAt, wrongCode } = await enrolledMember();
    const cookie = signInCookie(await signIn(t, member));
    for (let i = 1; i < PENDING_SIGN_IN.wrongCodes; i++) {
      const res = await secondStep(t, cookie, { code: await wrongCode() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID_CODE);
    }
    const last = await secondStep(t, cookie, { code: await wrongCode() });
    expect(last.statusCode).toBe(401);
    expect(last.json()).toEqual({ error: MESSAGES.tooManyCodes, code: "sign_in_expired" });
    const right = await secondStep(t, cookie, { code: await codeAt() });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual(EXPIRED);
    // A new sign-in starts afresh.
    expect((await signInWithCode(t, member, await codeAt())).statusCode).toBe(200);
  });

  it(`lasts ${PENDING_SIGN_IN.minutes} minutes, needs its cookie, and refuses a malformed code`, async () => {
    const { t, clock, member, codeAt } = await enrolledMember();
    const inTime = signInCookie(await signIn(t, member));
    clock.advance(PENDING_SIGN_IN.minutes * MINUTE - 1000);
    expect((await secondStep(t, inTime, { code: await codeAt() })).statusCode).toBe(200);

    const late = signInCookie(await signIn(t, member));
    clock.advance(PENDING_SIGN_IN.minutes * MINUTE);
    const expired = await secondStep(t, late, { code: await codeAt() });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(EXPIRED);

    const noCookie = await secondStep(t, undefined, { code: await codeAt() });
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.json()).toEqual(EXPIRED);

    const live = signInCookie(await signIn(t, member));
    for (const payload of [
      { code: "12345" },
      { code: "1234567" },
      { code: "abcdef" },
      { code: 123456 },
      {},
    ]) {
      const res = await secondStep(t, live, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code, JSON.stringify(payload)).toBe("validation");
    }
    // Malformed codes are not wrong codes: the sign-in goes on.
    expect((await secondStep(t, live, { code: await codeAt() })).statusCode).toBe(200);
  });

  it(`locks code entry for the account from the ${CODE_GUESSES.lockoutAfter}th wrong code in a row, across sign-ins`, async () => {
    const { t, clock, member, codeAt, wrongCode } = await enrolledMember();
    // A guesser who knows the password starts new sign-ins, each short of the number that ends one.
    const answers: unknown[] = [];
    let cookie = "";
    for (const tries of [4, 4, 2]) {
      cookie = signInCookie(await signIn(t, member));
      for (let i = 0; i < tries; i++)
        answers.push((await secondStep(t, cookie, { code: await wrongCode() })).json());
    }
    expect(answers).toEqual(Array(CODE_GUESSES.lockoutAfter).fill(INVALID_CODE));
    const locked = { error: MESSAGES.codesLockedOut, code: "rate_limited" };
    const right = await secondStep(t, cookie, { code: await codeAt() });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(locked);

    clock.advance(CODE_GUESSES.lockoutMs - MINUTE);
    const stillLocked = await signInWithCode(t, member, await codeAt());
    expect(stillLocked.statusCode).toBe(429);
    expect(stillLocked.json()).toEqual(locked);
    clock.advance(MINUTE);
    expect((await signInWithCode(t, member, await codeAt())).statusCode).toBe(200);
  });

  it("asks for it after a password reset too: the link proves the e-mail, not the second factor", async () => {
    const { t, member, codeAt } = await enrolledMember();
    await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      headers: SAME_ORIGIN,
      payload: { email: member.input.email },
      remoteAddress: uniqueIp(),
    });
    const mail = (await t.outbox()).find((m) => m.includes("Subject: Reset your Tagit password")) ?? "";
    const token = decodeURIComponent(
      /\/reset-password\?token=([\w%-]+)/.exec(mail.replace(/=\r?\n/g, "").replace(/=3D/g, "="))?.[1] ?? "",
    );
    const newPassword = "a brand new password";
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/reset-password",
      headers: SAME_ORIGIN,
      payload: { token, newPassword },
      remoteAddress: uniqueIp(),
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({
      message: "Your password has been reset.",
      secondFactorRequired: true,
      methods: ["totp", "recovery"],
    });
    expect(reset.cookies.map((cookie) => cookie.name)).toEqual([SIGN_IN_COOKIE]);
    // Every session ended, and none started yet.
    expect(await profileStatus(t, member.cookie)).toBe(401);

    const done = await secondStep(t, signInCookie(reset), { code: await codeAt() });
    expect(done.statusCode).toBe(200);
    expect(await profileStatus(t, sessionCookie(done))).toBe(200);
    const withNewPassword = await signIn(t, { input: { ...member.input, password: newPassword } });
    expect(withNewPassword.json()).toMatchObject({ secondFactorRequired: true });
  });
});
