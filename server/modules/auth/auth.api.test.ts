import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { profiles, sessions } from "#server/db/schema/index.ts";
import {
  asMember,
  memberInput,
  registerMember,
  SAME_ORIGIN,
  sessionCookie,
  uniqueIp,
} from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const countProfiles = async ({ db }: TestApp) => (await db.select({ n: count() }).from(profiles))[0]?.n;

describe("POST /api/auth/register", () => {
  it("creates the member, signs them in with an HttpOnly cookie and answers the user {email, firstName, lastName, tagg}", async () => {
    const t = await createTestApp();
    const input = memberInput({ email: "  Grace.Hopper@Example.COM " });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: input,
      headers: SAME_ORIGIN,
    });

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      user: {
        id: expect.any(String),
        email: "grace.hopper@example.com",
        firstName: "Ada",
        lastName: "Lovelace",
        tagg: null,
      },
    });
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/tagit_session=[\w-]{40,}/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(res.body).not.toContain("argon2");

    const me = await t.app.inject({ url: "/api/profile", headers: { cookie: sessionCookie(res) } });
    expect(me.json()).toMatchObject({
      email: "grace.hopper@example.com",
      subscriptionStatus: "inactive",
      theme: "blue",
    });
  });

  it("stores only a hash of the session token", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const token = cookie.split("=")[1] ?? "";
    const rows = await t.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses an e-mail already registered, whatever its case, with 409", async () => {
    const t = await createTestApp();
    await registerMember(t, { email: "taken@example.com" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: memberInput({ email: "TAKEN@example.com" }),
      headers: SAME_ORIGIN,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: MESSAGES.emailTaken, code: "email_taken" });
    expect(await countProfiles(t)).toBe(1);
  });

  it.each([
    ["a missing first name", { firstName: undefined }, "First name is required"],
    ["a blank last name", { lastName: "   " }, "Last name is required"],
    ["an invalid e-mail", { email: "not-an-email" }, "Please enter a valid email address"],
    ["a short password", { password: "12345" }, "Password must be at least 6 characters"],
    ["a huge name", { firstName: "x".repeat(10_000) }, "First name must be at most 50 characters"],
    ["a number as e-mail", { email: 42 }, "Email is required"],
    ["an unknown field", { isAdmin: true }, undefined],
  ])("answers 400 for %s and writes nothing", async (_label, change, message) => {
    const t = await createTestApp();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { ...memberInput(), ...change },
      headers: SAME_ORIGIN,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(typeof body.error).toBe("string");
    if (message) expect(body.error).toBe(message);
    expect(body.fields).toBeTypeOf("object");
    expect(await countProfiles(t)).toBe(0);
  });

  it("answers malformed JSON and wrong content types with a clear 4xx", async () => {
    const t = await createTestApp();
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { ...SAME_ORIGIN, "content-type": "application/json" },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: "The request body is not valid JSON", code: "validation" });

    const form = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { ...SAME_ORIGIN, "content-type": "text/plain" },
      payload: "email=a@b.c",
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().error).toMatch(/content type/i);
    expect(await countProfiles(t)).toBe(0);
  });

  it(`rate-limits registrations after ${RATE_LIMITS.register.max} from one client`, async () => {
    const t = await createTestApp();
    const remoteAddress = uniqueIp();
    const attempt = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: memberInput(),
        headers: SAME_ORIGIN,
        remoteAddress,
      });
    for (let i = 0; i < RATE_LIMITS.register.max; i++) expect((await attempt()).statusCode).toBe(201);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: MESSAGES.rateLimited, code: "rate_limited" });
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(await countProfiles(t)).toBe(RATE_LIMITS.register.max);
  });
});

describe("POST /api/auth/login", () => {
  it("signs a member in with the user {email, firstName, lastName, tagg} and a fresh session", async () => {
    const t = await createTestApp();
    const { input } = await registerMember(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: input.email.toUpperCase(), password: input.password },
      headers: SAME_ORIGIN,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: input.email,
      firstName: "Ada",
      lastName: "Lovelace",
      tagg: null,
    });
    const me = await t.app.inject({ url: "/api/profile", headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
  });

  it("gives a wrong password and an unknown e-mail the same answer", async () => {
    const t = await createTestApp();
    const { input } = await registerMember(t);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: input.email, password: "wrong password" },
      headers: SAME_ORIGIN,
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nobody@example.com", password: "wrong password" },
      headers: SAME_ORIGIN,
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: MESSAGES.invalidCredentials, code: "invalid_credentials" });
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.headers["set-cookie"]).toBeUndefined();
  });

  it("validates the body", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "a@example.com" },
      headers: SAME_ORIGIN,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "Password is required",
      fields: { password: "Password is required" },
    });
  });

  it(`rate-limits login attempts after ${RATE_LIMITS.login.max} from one client`, async () => {
    const t = await createTestApp();
    const { input } = await registerMember(t);
    const remoteAddress = uniqueIp();
    const attempt = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: input.email, password },
        headers: SAME_ORIGIN,
        remoteAddress,
      });
    for (let i = 0; i < RATE_LIMITS.login.max; i++)
      expect((await attempt("bad password")).statusCode).toBe(401);
    const limited = await attempt(input.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: MESSAGES.rateLimited, code: "rate_limited" });
  });
});

describe("POST /api/logout", () => {
  it("ends the session on the server and clears the cookie", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: asMember(cookie) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(String(res.headers["set-cookie"])).toMatch(/tagit_session=;.*Expires=Thu, 01 Jan 1970/);
    const me = await t.app.inject({ url: "/api/profile", headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it("answers 401 without a session", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: SAME_ORIGIN });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.notSignedIn, code: "unauthenticated" });
  });
});

describe("sessions", () => {
  it("accept a bearer token for API clients", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const token = cookie.split("=")[1];
    const res = await t.app.inject({ url: "/api/profile", headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it("slide forward while used and expire after 30 idle days", async () => {
    const { manualClock } = await import("#server/test/test-app.ts");
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const { cookie } = await registerMember(t);
    const DAY = 24 * 60 * 60 * 1000;

    clock.advance(20 * DAY);
    const renewed = await t.app.inject({ url: "/api/profile", headers: { cookie } });
    expect(renewed.statusCode).toBe(200);
    expect(String(renewed.headers["set-cookie"])).toContain("tagit_session=");

    clock.advance(20 * DAY); // 40 days after sign-in, 20 after last use
    expect((await t.app.inject({ url: "/api/profile", headers: { cookie } })).statusCode).toBe(200);

    clock.advance(31 * DAY);
    const expired = await t.app.inject({ url: "/api/profile", headers: { cookie } });
    expect(expired.statusCode).toBe(401);
    expect(String(expired.headers["set-cookie"])).toMatch(/tagit_session=;/);
  });

  it("move the member's last active day, written once a UTC day and never finer than the day", async () => {
    const { manualClock } = await import("#server/test/test-app.ts");
    const clock = manualClock(new Date("2026-01-15T12:00:00Z"));
    const t = await createTestApp({ clock });
    const { cookie } = await registerMember(t);
    await t.db.update(profiles).set({ lastActive: null });
    const lastActive = async () => (await t.db.select({ day: profiles.lastActive }).from(profiles))[0]?.day;
    const use = async () =>
      expect((await t.app.inject({ url: "/api/profile", headers: { cookie } })).statusCode).toBe(200);
    const HOUR = 60 * 60 * 1000;

    await use();
    expect(await lastActive()).toBe("2026-01-15");

    // Later the same day: nothing is written.
    clock.advance(11 * HOUR); // 23:00 UTC
    await use();
    expect(await lastActive()).toBe("2026-01-15");

    clock.advance(2 * HOUR); // 01:00 UTC the next day
    await use();
    expect(await lastActive()).toBe("2026-01-16");
  });

  it("expire at a UTC midnight, at sign-in and when they slide, so the expiry tells no time of day", async () => {
    const { manualClock } = await import("#server/test/test-app.ts");
    const clock = manualClock(new Date("2026-01-15T09:41:27Z"));
    const t = await createTestApp({ clock });
    const { cookie, user } = await registerMember(t);
    const expiry = async () =>
      (await t.db.select({ at: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, user.id)))[0]
        ?.at;
    // Thirty days on, rounded up to the midnight that ends that day.
    expect((await expiry())?.toISOString()).toBe("2026-02-15T00:00:00.000Z");

    const HOUR = 60 * 60 * 1000;
    clock.advance(10 * HOUR); // 19:41 the same day: the expiry would not move, nothing is written
    const same = await t.app.inject({ url: "/api/profile", headers: { cookie } });
    expect(same.headers["set-cookie"]).toBeUndefined();
    expect((await expiry())?.toISOString()).toBe("2026-02-15T00:00:00.000Z");

    clock.advance(5 * HOUR); // 00:41 the next day: it slides by one day, to a midnight again
    const slid = await t.app.inject({ url: "/api/profile", headers: { cookie } });
    expect(String(slid.headers["set-cookie"])).toContain("Expires=Mon, 16 Feb 2026 00:00:00 GMT");
    expect((await expiry())?.toISOString()).toBe("2026-02-16T00:00:00.000Z");

    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: (await t.db.select().from(profiles))[0]?.email, password: "correct horse" },
      headers: SAME_ORIGIN,
      remoteAddress: uniqueIp(),
    });
    expect(login.statusCode).toBe(200);
    const all = await t.db.select({ at: sessions.expiresAt }).from(sessions);
    expect(all.map((row) => row.at.toISOString()).sort()).toEqual([
      "2026-02-16T00:00:00.000Z",
      "2026-02-16T00:00:00.000Z",
    ]);
    const [row] = await t.db.select({ day: profiles.lastActive }).from(profiles);
    expect(row?.day).toBe("2026-01-16");
  });

  it("ignore a forged token", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ url: "/api/profile", headers: { cookie: "tagit_session=forged" } });
    expect(res.statusCode).toBe(401);
  });
});
