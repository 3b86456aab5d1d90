import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { SIGN_IN_ALERTS } from "#contract/limits.ts";
import { signInPlaces, wasntMeTokens } from "#server/db/schema/index.ts";
import {
  BROWSERS,
  mailsTo,
  NEW_SIGN_IN_SUBJECT,
  registerFrom,
  setNewSignInEmails,
  signInFrom,
  wasntMe,
  wasntMeToken,
} from "#server/test/account-alerts.ts";
import { sessionCookie } from "#server/test/factories.ts";
import { createTestApp, manualClock, TEST_PUBLIC_URL, type TestApp } from "#server/test/test-app.ts";
import { createSignInPlacesRepository } from "./sign-in-places.repository.ts";

// Ada signs up at home with Firefox; the attacker who has her password comes from elsewhere with another browser.
const HOME = { ip: "198.51.100.7", browser: BROWSERS.firefoxWindows };
const ELSEWHERE = { ip: "203.0.113.9", browser: BROWSERS.chromeMac };

const alertsTo = (t: TestApp, email: string) => mailsTo(t, email, NEW_SIGN_IN_SUBJECT);
const profileStatus = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ url: "/api/profile", headers: { cookie } })).statusCode;
const INVALID_LINK = { error: MESSAGES.invalidWasntMeToken, code: "invalid_token" };

/** Ada, signed up at home, and the one e-mail a sign-in from elsewhere sent her (with the attacker's cookie). */
async function adaSignedInFromElsewhere(t: TestApp) {
  const ada = await registerFrom(t, HOME);
  const attacker = await signInFrom(t, ada, ELSEWHERE);
  const [mail] = await alertsTo(t, ada.input.email);
  if (!mail) throw new Error("no new-sign-in e-mail");
  return { ada, attackerCookie: sessionCookie(attacker), token: wasntMeToken(mail) };
}

describe("a sign-in from a new place", () => {
  it("a new network with a new browser sends exactly one e-mail: the browser, the coarse network, the time and a Wasn't me link", async () => {
    const t = await createTestApp({ clock: manualClock() });
    const ada = await registerFrom(t, HOME);
    expect(await alertsTo(t, ada.input.email)).toEqual([]);

    expect((await signInFrom(t, ada, ELSEWHERE)).statusCode).toBe(200);
    const mails = await alertsTo(t, ada.input.email);
    expect(mails).toHaveLength(1);
    const [mail = ""] = mails;
    expect(mail).toContain("Chrome on macOS");
    expect(mail).toContain("203.0.x.x");
    expect(mail).not.toContain("203.0.113.9");
    expect(mail).toContain(`at ${t.clock.now().toISOString().slice(11, 16)} UTC`);
    expect(mail).toContain(`${TEST_PUBLIC_URL}/wasnt-me?token=`);
  });

  it("a known place, a new network with the same browser, or a known network with a new browser sends none", async () => {
    const t = await createTestApp();
    const ada = await registerFrom(t, HOME);
    // The same /16 at home, another network with Firefox, then home's network with Safari: each is somewhere she was.
    await signInFrom(t, ada, { ip: "198.51.7.20", browser: BROWSERS.firefoxWindows });
    await signInFrom(t, ada, { ip: "192.0.2.44", browser: BROWSERS.firefoxWindows });
    await signInFrom(t, ada, { ip: "198.51.100.8", browser: BROWSERS.safariIphone });
    expect(await alertsTo(t, ada.input.email)).toEqual([]);
  });

  it("an IPv6 address is known by its /64, and the e-mail shows only its first 32 bits", async () => {
    const t = await createTestApp();
    const ada = await registerFrom(t, { ip: "2001:db8:1:2::1", browser: BROWSERS.firefoxWindows });
    await signInFrom(t, ada, { ip: "2001:db8:1:2:ffff::9", browser: BROWSERS.chromeMac });
    expect(await alertsTo(t, ada.input.email)).toEqual([]);
    await signInFrom(t, ada, { ip: "2001:db8:77:3::5", browser: BROWSERS.safariIphone });
    const [mail = "", ...more] = await alertsTo(t, ada.input.email);
    expect(more).toEqual([]);
    expect(mail).toContain("2001:db8:");
    expect(mail).not.toContain("2001:db8:77");
  });

  it("a member who muted these e-mails gets none, and turning them back on restores them", async () => {
    const t = await createTestApp();
    const ada = await registerFrom(t, HOME);
    const muted = await setNewSignInEmails(t, ada, false);
    expect(muted.statusCode).toBe(200);
    expect(muted.json()).toMatchObject({ newSignInEmails: false });
    await signInFrom(t, ada, ELSEWHERE);
    expect(await alertsTo(t, ada.input.email)).toEqual([]);

    await setNewSignInEmails(t, ada, true);
    await signInFrom(t, ada, { ip: "192.0.2.1", browser: BROWSERS.safariIphone });
    expect(await alertsTo(t, ada.input.email)).toHaveLength(1);
  });

  it("the setting is the member's own: without a session 401, a malformed body 400", async () => {
    const t = await createTestApp();
    const ada = await registerFrom(t, HOME);
    expect((await setNewSignInEmails(t, { cookie: "" }, false)).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/security-checkup/new-sign-in-emails",
      payload: { enabled: "no" },
      headers: { origin: TEST_PUBLIC_URL, cookie: ada.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("validation");
  });
});

describe("Wasn't me", () => {
  it("signs out every session, and the old password no longer works; the answer's reset sets a new one", async () => {
    const t = await createTestApp();
    const { ada, attackerCookie, token } = await adaSignedInFromElsewhere(t);
    // Opening the link is a page of the web app: a GET changes nothing.
    await t.app.inject({ url: `/wasnt-me?token=${encodeURIComponent(token)}` });
    expect(await profileStatus(t, attackerCookie)).toBe(200);

    const answer = await wasntMe(t, token);
    expect(answer.statusCode).toBe(200);
    const { signedOut, resetToken } = answer.json();
    expect(signedOut).toBe(2);
    expect(await profileStatus(t, attackerCookie)).toBe(401);
    expect(await profileStatus(t, ada.cookie)).toBe(401);
    expect((await signInFrom(t, ada, ELSEWHERE)).json()).toMatchObject({ code: "invalid_credentials" });
    expect((await signInFrom(t, ada, HOME)).statusCode).toBe(401);

    const reset = await t.app.inject({
      method: "POST",
      url: "/api/reset-password",
      payload: { token: resetToken, newPassword: "only Ada knows this" },
      headers: { origin: TEST_PUBLIC_URL },
    });
    expect(reset.statusCode).toBe(200);
    const again = await signInFrom(t, { input: { ...ada.input, password: "only Ada knows this" } }, HOME);
    expect(again.statusCode).toBe(200);
  });

  it("works once", async () => {
    const t = await createTestApp();
    const { ada, token } = await adaSignedInFromElsewhere(t);
    expect((await wasntMe(t, token)).statusCode).toBe(200);
    const second = await wasntMe(t, token);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(INVALID_LINK);
    expect((await signInFrom(t, ada, HOME)).statusCode).toBe(401);
  });

  it(`expires after ${SIGN_IN_ALERTS.linkDays} days, changing nothing`, async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const { ada, attackerCookie, token } = await adaSignedInFromElsewhere(t);
    clock.advance(SIGN_IN_ALERTS.linkDays * 24 * 60 * 60_000 + 60_000);
    const late = await wasntMe(t, token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(INVALID_LINK);
    expect(await profileStatus(t, attackerCookie)).toBe(200);
    expect((await signInFrom(t, ada, HOME)).statusCode).toBe(200);
  });

  it("a forged link, or another member's, changes nothing for this member", async () => {
    const t = await createTestApp();
    const { ada, attackerCookie } = await adaSignedInFromElsewhere(t);
    const bea = await registerFrom(t, { ip: "192.0.2.10", browser: BROWSERS.safariIphone });
    await signInFrom(t, bea, ELSEWHERE);
    const [beaMail = ""] = await alertsTo(t, bea.input.email);

    for (const forged of ["made-up-token", "A".repeat(43), ""]) {
      expect((await wasntMe(t, forged)).statusCode).toBe(400);
    }
    expect((await wasntMe(t, wasntMeToken(beaMail))).statusCode).toBe(200);
    expect(await profileStatus(t, bea.cookie)).toBe(401);
    expect(await profileStatus(t, ada.cookie)).toBe(200);
    expect(await profileStatus(t, attackerCookie)).toBe(200);
    expect((await signInFrom(t, ada, HOME)).statusCode).toBe(200);
  });

  it("stops working once the login moved to another address", async () => {
    const t = await createTestApp();
    const { ada, token } = await adaSignedInFromElsewhere(t);
    const moved = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      payload: { email: "ada-elsewhere@example.com", currentPassword: ada.input.password },
      headers: { origin: TEST_PUBLIC_URL, cookie: ada.cookie },
    });
    expect(moved.statusCode).toBe(200);
    expect((await wasntMe(t, token)).json()).toEqual(INVALID_LINK);
    expect(await profileStatus(t, ada.cookie)).toBe(200);
  });
});

describe("what is kept to recognise a place", () => {
  it(`a keyed network and a browser family, at most ${SIGN_IN_ALERTS.placesKept} per member, forgotten after ${SIGN_IN_ALERTS.placeDays} days; spent links deleted`, async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const { ada, token } = await adaSignedInFromElsewhere(t);
    const stored = await t.db.select().from(signInPlaces);
    expect(stored.map((place) => place.browser).sort()).toEqual(["Chrome", "Firefox"]);
    expect(JSON.stringify(stored)).not.toMatch(/198\.51|203\.0/);
    // Sign-ins per account are limited: more places are remembered as the sign-in does, straight away.
    const places = createSignInPlacesRepository(t.db);
    for (let n = 0; n < SIGN_IN_ALERTS.placesKept + 5; n++) {
      clock.advance(60_000);
      await places.remember(
        ada.user.id,
        { networkKey: `key-${n}`, browser: "Firefox" },
        clock.now(),
        SIGN_IN_ALERTS.placesKept,
      );
    }
    const kept = await t.db.select().from(signInPlaces);
    expect(kept.map((place) => place.networkKey)).toContain(`key-${SIGN_IN_ALERTS.placesKept + 4}`);
    expect(kept).toHaveLength(SIGN_IN_ALERTS.placesKept);

    expect((await wasntMe(t, token)).statusCode).toBe(200);
    clock.advance(SIGN_IN_ALERTS.placeDays * 24 * 60 * 60_000);
    expect(await t.app.jobs.run("delete-spent-tokens")).toMatchObject({
      signInAlerts: SIGN_IN_ALERTS.placesKept + 1,
    });
    expect(await t.db.select().from(signInPlaces)).toEqual([]);
    expect(await t.db.select().from(wasntMeTokens)).toEqual([]);
  });
});
