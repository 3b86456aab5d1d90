import { describe, expect, it } from "vitest";
import { asMember, registerMember, SAME_ORIGIN, sessionCookie, uniqueIp } from "#server/test/factories.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

async function signIn(t: TestApp, credentials: { email: string; password: string }, userAgent: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { ...SAME_ORIGIN, "user-agent": userAgent },
    payload: { email: credentials.email, password: credentials.password },
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

const listSessions = (t: TestApp, cookie: string) =>
  t.app.inject({ url: "/api/auth/sessions", headers: asMember(cookie) });
const isSignedIn = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ url: "/api/profile", headers: asMember(cookie) })).statusCode === 200;

describe("where am I signed in", () => {
  it("lists each session with its device, its start and the day it was last used, marking this one", async () => {
    const clock = manualClock(new Date("2026-03-10T09:15:00Z"));
    const t = await createTestApp({ clock });
    const { input, cookie: first } = await registerMember(t);
    clock.advance(26 * 60 * 60 * 1000); // the next day, 11:15
    const phone = await signIn(t, input, SAFARI_ON_IPHONE);

    const res = await listSessions(t, phone);
    expect(res.statusCode).toBe(200);
    const sessions = res.json();
    expect(sessions).toEqual([
      {
        id: expect.any(String),
        current: true,
        createdAt: "2026-03-11T11:15:00.000Z",
        lastActiveDay: "2026-03-11",
        device: "Safari on iOS",
      },
      {
        id: expect.any(String),
        current: false,
        createdAt: "2026-03-10T09:15:00.000Z",
        lastActiveDay: "2026-03-10",
        device: expect.any(String),
      },
    ]);
    // The other session's own view marks itself.
    const fromFirst = (await listSessions(t, first)).json();
    expect(fromFirst.find((s: { current: boolean }) => s.current).id).toBe(sessions[1].id);
  });

  it("signs out one other session at once; this session and another member's are refused", async () => {
    const t = await createTestApp();
    const { input, cookie: laptop } = await registerMember(t);
    const phone = await signIn(t, input, SAFARI_ON_IPHONE);
    const other = await registerMember(t);
    const [phoneSession] = (await listSessions(t, laptop))
      .json()
      .filter((s: { current: boolean }) => !s.current);
    const [laptopSession] = (await listSessions(t, laptop))
      .json()
      .filter((s: { current: boolean }) => s.current);

    const ownCurrent = await t.app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${laptopSession.id}`,
      headers: asMember(laptop),
    });
    expect(ownCurrent.statusCode).toBe(400);
    expect(ownCurrent.json().code).toBe("validation");

    const someoneElses = await t.app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${phoneSession.id}`,
      headers: asMember(other.cookie),
    });
    expect(someoneElses.statusCode).toBe(404);
    expect(await isSignedIn(t, phone)).toBe(true);

    const ended = await t.app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${phoneSession.id}`,
      headers: asMember(laptop),
    });
    expect(ended.statusCode).toBe(204);
    expect(ended.body).toBe("");
    expect(await isSignedIn(t, phone)).toBe(false);
    expect(await isSignedIn(t, laptop)).toBe(true);
    expect((await listSessions(t, laptop)).json()).toHaveLength(1);

    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${phoneSession.id}`,
      headers: asMember(laptop),
    });
    expect(again.statusCode).toBe(404);
  });

  it("signs out everywhere else and says how many sessions ended", async () => {
    const t = await createTestApp();
    const { input, cookie: laptop } = await registerMember(t);
    const phone = await signIn(t, input, SAFARI_ON_IPHONE);
    const desktop = await signIn(t, input, FIREFOX_ON_LINUX);
    const other = await registerMember(t);

    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sessions/revoke-others",
      headers: asMember(desktop),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    expect(await isSignedIn(t, laptop)).toBe(false);
    expect(await isSignedIn(t, phone)).toBe(false);
    expect(await isSignedIn(t, desktop)).toBe(true);
    expect(await isSignedIn(t, other.cookie)).toBe(true);
    expect((await listSessions(t, desktop)).json()).toEqual([
      expect.objectContaining({ current: true, device: "Firefox on Linux" }),
    ]);
  });

  it("answers only a signed-in member", async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ url: "/api/auth/sessions" })).statusCode).toBe(401);
    const revoke = await t.app.inject({
      method: "POST",
      url: "/api/auth/sessions/revoke-others",
      headers: SAME_ORIGIN,
    });
    expect(revoke.statusCode).toBe(401);
  });
});
