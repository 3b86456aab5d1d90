import { describe, expect, it } from "vitest";
import { LIVE_STREAMS } from "#contract/limits.ts";
import { asMember, registerMember, SAME_ORIGIN, sessionCookie, uniqueIp } from "#server/test/factories.ts";
import { createTestApp, type TestApp } from "#server/test/test-app.ts";

const GENEROUS_MS = 10_000;

/** Resolves with the stream's response once the server ends it; rejects if it is still open after a long wait. */
function endedWithin<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error("stream still open")), GENEROUS_MS)),
  ]);
}

const openStream = (t: TestApp, cookie: string) => t.app.inject({ url: "/api/events", headers: { cookie } });

/** Opens one stream more than allowed: the first to end is the refused one, which proves the rest are open. */
async function openAllowedStreams(t: TestApp, cookie: string) {
  const all = Array.from({ length: LIVE_STREAMS.perMember + 1 }, () => openStream(t, cookie));
  const refused = await endedWithin(Promise.race(all.map((stream, index) => stream.then(() => index))));
  const response = await (all[refused] as (typeof all)[number]);
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: "rate_limited" });
  return all.filter((_, index) => index !== refused);
}

describe("GET /api/events lives no longer than its session", () => {
  it("allows a few streams per member and ends them all at logout", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const streams = await openAllowedStreams(t, cookie);
    const logout = await t.app.inject({ method: "POST", url: "/api/logout", headers: asMember(cookie) });
    expect(logout.statusCode).toBeLessThan(300);
    for (const stream of await endedWithin(Promise.all(streams))) expect(stream.statusCode).toBe(200);
  });

  it("ends the other sessions' streams when the password changes", async () => {
    const t = await createTestApp();
    const { cookie, input } = await registerMember(t);
    const second = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: input.email, password: input.password },
      headers: SAME_ORIGIN,
      remoteAddress: uniqueIp(),
    });
    const otherStreams = await openAllowedStreams(t, sessionCookie(second));
    const change = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: asMember(cookie),
      payload: { password: "new password!", currentPassword: input.password },
    });
    expect(change.statusCode).toBe(200);
    await endedWithin(Promise.all(otherStreams));
  });
});
