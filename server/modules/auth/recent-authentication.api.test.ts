import { describe, expect, it } from "vitest";
import { RATE_LIMITS, RECENT_AUTHENTICATION_MINUTES } from "#contract/limits.ts";
import { asMember, registerMember } from "#server/test/factories.ts";
import { createTestApp, manualClock } from "#server/test/test-app.ts";

const LATER = (RECENT_AUTHENTICATION_MINUTES + 1) * 60_000;

describe("recent authentication before an irreversible action", () => {
  it("asks a session that signed in long ago for its password before deleting the account", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const { input, cookie } = await registerMember(t);
    clock.advance(LATER);

    const refused = await t.app.inject({ method: "DELETE", url: "/api/profile", headers: asMember(cookie) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: "Please enter your password again to continue",
      code: "reauth_required",
    });
    expect((await t.app.inject({ url: "/api/profile", headers: asMember(cookie) })).statusCode).toBe(200);

    const reauthenticate = (currentPassword: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/reauthenticate",
        headers: asMember(cookie),
        payload: { currentPassword },
      });
    const wrong = await reauthenticate("not my password");
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe("wrong_password");
    expect(
      (await t.app.inject({ method: "DELETE", url: "/api/profile", headers: asMember(cookie) })).statusCode,
    ).toBe(403);

    const right = await reauthenticate(input.password);
    expect(right.statusCode).toBe(204);
    const deleted = await t.app.inject({ method: "DELETE", url: "/api/profile", headers: asMember(cookie) });
    expect(deleted.statusCode).toBe(200);
  });

  it("lets a fresh sign-in act at once, and closes again once the window has passed", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const { input, cookie } = await registerMember(t);
    clock.advance(LATER);
    await t.app.inject({
      method: "POST",
      url: "/api/auth/reauthenticate",
      headers: asMember(cookie),
      payload: { currentPassword: input.password },
    });
    clock.advance(LATER);
    const payout = await t.app.inject({
      method: "POST",
      url: "/api/affiliate/request-payout",
      headers: asMember(cookie),
      payload: { payoutMethod: "paypal", payoutDetails: { paypalEmail: "me@example.com" } },
    });
    expect(payout.statusCode).toBe(403);
    expect(payout.json().code).toBe("reauth_required");
  });

  it("counts a password re-entered on one instance on every other at once", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const other = await t.peer();
    const { input, cookie } = await registerMember(t);
    clock.advance(LATER);
    // This instance has the session cached from the request above.
    expect((await t.app.inject({ url: "/api/profile", headers: asMember(cookie) })).statusCode).toBe(200);
    const reauthenticated = await other.inject({
      method: "POST",
      url: "/api/auth/reauthenticate",
      headers: asMember(cookie),
      payload: { currentPassword: input.password },
    });
    expect(reauthenticated.statusCode).toBe(204);
    const deleted = await t.app.inject({ method: "DELETE", url: "/api/profile", headers: asMember(cookie) });
    expect(deleted.statusCode).toBe(200);
  });

  it("gives a stolen session only a few guesses at the password", async () => {
    const t = await createTestApp();
    const { cookie } = await registerMember(t);
    const guess = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/reauthenticate",
        headers: asMember(cookie),
        payload: { currentPassword: "a guess" },
      });
    for (let i = 0; i < RATE_LIMITS.currentPassword.max; i++) expect((await guess()).statusCode).toBe(403);
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("rate_limited");
  });
});
