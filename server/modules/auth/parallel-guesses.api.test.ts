import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { asMember, registerMember, SAME_ORIGIN, uniqueIp } from "#server/test/factories.ts";
import { atOnce, GUESSES, tally } from "#server/test/guesses.ts";
import { postSignIn } from "#server/test/sign-in.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

// Each limit on a secret is attacked with GUESSES wrong guesses sent at once: exactly the designed number may be
// checked (answered as a wrong secret), every other one is refused without a check, and so is the right secret.

const RATE_LIMITED = { error: MESSAGES.rateLimited, code: "rate_limited" };

const login = postSignIn;

const post = (t: TestApp, url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: "POST", url, payload, headers: SAME_ORIGIN, remoteAddress });

/** The token of the newest link to `path` mailed to `email`. */
async function mailedToken(t: TestApp, email: string, path: string) {
  const mails = (await t.outbox()).filter((mail) => mail.includes(`To: ${email}`));
  const unfolded = (mails.at(-1) ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const token = unfolded.match(new RegExp(`/${path}\\?token=([\\w%-]+)`))?.[1];
  if (!token) throw new Error(`no ${path} link mailed to ${email}`);
  return decodeURIComponent(token);
}

describe("password guesses sent at once", () => {
  it(`check ${RATE_LIMITS.login.max} sign-ins from one client`, async () => {
    const t = await createTestApp();
    const victim = await registerMember(t);
    const address = uniqueIp();
    const answers = await atOnce(GUESSES, (i) => login(t, victim.input.email, `guess ${i}`, address));
    expect(tally(answers)).toEqual({
      "401 invalid_credentials": RATE_LIMITS.login.max,
      "429 rate_limited": GUESSES - RATE_LIMITS.login.max,
    });
    expect((await login(t, victim.input.email, victim.input.password, address)).json()).toEqual(RATE_LIMITED);
  });

  it(`check ${RATE_LIMITS.loginPerAccount.max} sign-ins per account from many clients`, async () => {
    const t = await createTestApp();
    const victim = await registerMember(t);
    const answers = await atOnce(GUESSES, (i) => login(t, victim.input.email, `guess ${i}`, uniqueIp()));
    expect(tally(answers)).toEqual({
      "401 invalid_credentials": RATE_LIMITS.loginPerAccount.max,
      "429 rate_limited": GUESSES - RATE_LIMITS.loginPerAccount.max,
    });
    const right = await login(t, victim.input.email, victim.input.password, uniqueIp());
    expect(right.json()).toEqual(RATE_LIMITED);
  });

  it(`check ${RATE_LIMITS.currentPassword.max} re-entries of a member's password`, async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    const reenter = (currentPassword: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/reauthenticate",
        headers: asMember(member.cookie),
        payload: { currentPassword },
        remoteAddress: uniqueIp(),
      });
    const answers = await atOnce(GUESSES, (i) => reenter(`guess ${i}`));
    expect(tally(answers)).toEqual({
      "403 wrong_password": RATE_LIMITS.currentPassword.max,
      "429 rate_limited": GUESSES - RATE_LIMITS.currentPassword.max,
    });
    expect((await reenter(member.input.password)).json()).toEqual(RATE_LIMITED);
    // The password change spends the same budget.
    const change = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: asMember(member.cookie),
      payload: { password: "new secret", currentPassword: member.input.password },
    });
    expect(change.json()).toEqual(RATE_LIMITED);
  });
});

describe("link tokens guessed at once", () => {
  it(`check ${RATE_LIMITS.resetPassword.max} password reset tokens from one client`, async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    await post(t, "/api/auth/forgot-password", { email: member.input.email }, uniqueIp());
    const token = await mailedToken(t, member.input.email, "reset-password");
    const address = uniqueIp();
    const reset = (guess: string) =>
      post(t, "/api/reset-password", { token: guess, newPassword: "a new secret" }, address);
    const answers = await atOnce(GUESSES, (i) => reset(`made-up-token-${i}`));
    expect(tally(answers)).toEqual({
      "400 invalid_token": RATE_LIMITS.resetPassword.max,
      "429 rate_limited": GUESSES - RATE_LIMITS.resetPassword.max,
    });
    expect((await reset(token)).json()).toEqual(RATE_LIMITED);
  });

  it(`check ${RATE_LIMITS.verifyEmail.max} e-mail verification tokens from one client`, async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    const token = await mailedToken(t, member.input.email, "verify-email");
    const address = uniqueIp();
    const verify = (guess: string) => post(t, "/api/auth/verify-email", { token: guess }, address);
    const answers = await atOnce(GUESSES, (i) => verify(`made-up-token-${i}`));
    expect(tally(answers)).toEqual({
      "400 invalid_token": RATE_LIMITS.verifyEmail.max,
      "429 rate_limited": GUESSES - RATE_LIMITS.verifyEmail.max,
    });
    expect((await verify(token)).json()).toEqual(RATE_LIMITED);
  });
});
