import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { asMember, registerMember, uniqueIp } from "#server/test/factories.ts";
import { postSignIn } from "#server/test/sign-in.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const RATE_LIMITED = { error: MESSAGES.rateLimited, code: "rate_limited" };

const login = postSignIn;

describe("guessing a member's password", () => {
  it(`allows ${RATE_LIMITS.loginPerAccount.max} sign-in attempts per account across all clients`, async () => {
    const t = await createTestApp();
    const victim = await registerMember(t);
    const bystander = await registerMember(t);
    // A botnet: every guess from a new address, so the per-client limit never trips.
    for (let i = 0; i < RATE_LIMITS.loginPerAccount.max; i++) {
      expect((await login(t, victim.input.email, `guess ${i}`)).statusCode).toBe(401);
    }
    const next = await login(t, ` ${victim.input.email.toUpperCase()}`, victim.input.password);
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual(RATE_LIMITED);
    // Other accounts are not affected.
    expect((await login(t, bystander.input.email, bystander.input.password)).statusCode).toBe(200);
  });

  it(`allows ${RATE_LIMITS.currentPassword.max} current-password attempts on PUT /api/profile`, async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    const put = (payload: Record<string, string>) =>
      t.app.inject({ method: "PUT", url: "/api/profile", headers: asMember(member.cookie), payload });
    for (let i = 0; i < RATE_LIMITS.currentPassword.max; i++) {
      const res = await put({ password: "new secret", currentPassword: `guess ${i}` });
      expect(res.statusCode).toBe(403);
    }
    const next = await put({ password: "new secret", currentPassword: member.input.password });
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual(RATE_LIMITED);
    // Edits that need no password go on working.
    expect((await put({ bio: "still here" })).statusCode).toBe(200);
  });
});

describe("enumerating members from a dictionary", () => {
  const budget = async (t: TestApp, url: (i: number) => string, headers: Record<string, string>) => {
    for (let i = 0; i < RATE_LIMITS.nameCheck.max; i++) {
      const res = await t.app.inject({ url: url(i), headers });
      expect(res.statusCode, url(i)).toBe(200);
    }
    return t.app.inject({ url: url(RATE_LIMITS.nameCheck.max), headers });
  };

  it("limits check-tagg and check-post-name per member", async () => {
    const t = await createTestApp();
    const member = await registerMember(t);
    const other = await registerMember(t);
    const tagg = await budget(t, (i) => `/api/check-tagg?tagg=word${i}`, asMember(member.cookie));
    expect(tagg.statusCode).toBe(429);
    expect(tagg.json()).toEqual(RATE_LIMITED);
    const post = await budget(t, (i) => `/api/check-post-name?name=word${i}`, asMember(member.cookie));
    expect(post.statusCode).toBe(429);
    expect(
      (await t.app.inject({ url: "/api/check-tagg?tagg=other", headers: asMember(other.cookie) })).statusCode,
    ).toBe(200);
  });

  it(`limits the public search to ${RATE_LIMITS.publicSearch.max} per client`, async () => {
    const t = await createTestApp();
    const remoteAddress = uniqueIp();
    for (let i = 0; i < RATE_LIMITS.publicSearch.max; i++) {
      const res = await t.app.inject({ url: `/api/public/tagged-posts?search=word${i}`, remoteAddress });
      expect(res.statusCode).toBe(200);
    }
    const next = await t.app.inject({ url: "/api/public/tagged-posts?search=again", remoteAddress });
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual(RATE_LIMITED);
  });
});
