import { describe, expect, it } from "vitest";
import { FORGOT_PASSWORD_MESSAGE } from "#contract/api/auth.ts";
import { MESSAGES } from "#contract/errors.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { registerMember, SAME_ORIGIN, sessionCookie, uniqueIp } from "#server/test/factories.ts";
import { createTestApp, manualClock, TEST_PUBLIC_URL, type TestApp } from "#server/test/test-app.ts";

async function requestReset(t: TestApp, email: string, url = "/api/auth/forgot-password") {
  return t.app.inject({
    method: "POST",
    url,
    payload: { email },
    headers: SAME_ORIGIN,
    remoteAddress: uniqueIp(),
  });
}

function resetTokenFrom(eml: string): string {
  const unfolded = eml.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = unfolded.match(/\/reset-password\?token=([\w%-]+)/);
  if (!match?.[1]) throw new Error("no reset link in the e-mail");
  return decodeURIComponent(match[1]);
}

/** Reset e-mails only: registration also mails a verification link. */
async function resetMails(t: TestApp) {
  return (await t.outbox()).filter((mail) => mail.includes("Subject: Reset your Tagit password"));
}

const resetPassword = (t: TestApp, token: string, newPassword: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/reset-password",
    payload: { token, newPassword },
    headers: SAME_ORIGIN,
    remoteAddress: uniqueIp(),
  });

describe("POST /api/auth/forgot-password and /api/forgot-password", () => {
  it("answer the same for known and unknown e-mails, and mail a link only to a member", async () => {
    const t = await createTestApp();
    const { input } = await registerMember(t);
    const known = await requestReset(t, input.email);
    const unknown = await requestReset(t, "stranger@example.com", "/api/forgot-password");
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(unknown.body).toBe(known.body);

    const mails = await resetMails(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${input.email}`);
    expect(mails[0]).toContain("Subject: Reset your Tagit password");
    expect(mails[0]).toContain(`${TEST_PUBLIC_URL}/reset-password?token=`);
  });

  it("validates the e-mail", async () => {
    const t = await createTestApp();
    const res = await requestReset(t, "nope");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Please enter a valid email address");
  });

  it(`rate-limits after ${RATE_LIMITS.forgotPassword.max} requests from one client`, async () => {
    const t = await createTestApp();
    const remoteAddress = uniqueIp();
    // A new address each time, so only the budget per client counts.
    const attempt = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email: `someone-${i}@example.com` },
        headers: SAME_ORIGIN,
        remoteAddress,
      });
    for (let i = 0; i < RATE_LIMITS.forgotPassword.max; i++) expect((await attempt(i)).statusCode).toBe(200);
    expect((await attempt(RATE_LIMITS.forgotPassword.max)).statusCode).toBe(429);
  });

  it(`allows ${RATE_LIMITS.forgotPasswordPerAddress.max} requests per address from all clients, alike for an address with or without an account`, async () => {
    const t = await createTestApp();
    const { input } = await registerMember(t);
    const { max } = RATE_LIMITS.forgotPasswordPerAddress;
    /** The answers to one more request than the budget, each from a new client, by both paths. */
    const answers = async (email: string) => {
      const all = [];
      for (let i = 0; i <= max; i++) {
        // The same address however it is typed.
        const typed = i % 2 === 0 ? email : ` ${email.toUpperCase()} `;
        const res = await requestReset(
          t,
          typed,
          i % 2 === 0 ? "/api/auth/forgot-password" : "/api/forgot-password",
        );
        all.push({ status: res.statusCode, body: res.json() });
      }
      return all;
    };
    const known = await answers(input.email);
    const unknown = await answers("stranger@example.com");
    const expected = [
      ...Array.from({ length: max }, () => ({ status: 200, body: { message: FORGOT_PASSWORD_MESSAGE } })),
      { status: 429, body: { error: MESSAGES.rateLimited, code: "rate_limited" } },
    ];
    expect(known).toEqual(expected);
    expect(unknown).toEqual(expected);
    expect(await resetMails(t)).toHaveLength(max);
    // Another address keeps its own budget.
    expect((await requestReset(t, "someone-else@example.com")).statusCode).toBe(200);
  });
});

describe("POST /api/reset-password", () => {
  it("sets the new password, signs this browser in and revokes every other session", async () => {
    const t = await createTestApp();
    const { input, cookie: oldCookie } = await registerMember(t);
    await requestReset(t, input.email);
    const token = resetTokenFrom((await resetMails(t))[0] ?? "");

    const res = await resetPassword(t, token, "a brand new secret");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: expect.any(String), user: { email: input.email } });
    const me = await t.app.inject({ url: "/api/profile", headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/profile", headers: { cookie: oldCookie } })).statusCode).toBe(
      401,
    );

    const login = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: input.email, password },
        headers: SAME_ORIGIN,
        remoteAddress: uniqueIp(),
      });
    expect((await login(input.password)).statusCode).toBe(401);
    expect((await login("a brand new secret")).statusCode).toBe(200);
  });

  it("accepts a token only once", async () => {
    const t = await createTestApp();
    const { input } = await registerMember(t);
    await requestReset(t, input.email);
    const token = resetTokenFrom((await resetMails(t))[0] ?? "");
    expect((await resetPassword(t, token, "first new password")).statusCode).toBe(200);
    const again = await resetPassword(t, token, "second new password");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: MESSAGES.invalidResetToken, code: "invalid_token" });
  });

  it("refuses a token older than an hour", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const { input } = await registerMember(t);
    await requestReset(t, input.email);
    const token = resetTokenFrom((await resetMails(t))[0] ?? "");
    clock.advance(61 * 60 * 1000);
    const res = await resetPassword(t, token, "too late now");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MESSAGES.invalidResetToken, code: "invalid_token" });
  });

  it("refuses an unknown token and a short password without changing anything", async () => {
    const t = await createTestApp();
    const { input, cookie } = await registerMember(t);
    expect((await resetPassword(t, "made-up-token", "whatever123")).json()).toEqual({
      error: MESSAGES.invalidResetToken,
      code: "invalid_token",
    });
    await requestReset(t, input.email);
    const token = resetTokenFrom((await resetMails(t))[0] ?? "");
    const short = await resetPassword(t, token, "123");
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe("Password must be at least 6 characters long.");
    // the invalid attempt neither spent the token nor signed anyone out
    expect((await t.app.inject({ url: "/api/profile", headers: { cookie } })).statusCode).toBe(200);
    expect((await resetPassword(t, token, "long enough now")).statusCode).toBe(200);
  });
});
