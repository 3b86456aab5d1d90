import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SECOND_FACTOR_MESSAGES } from "#contract/api/second-factor.ts";
import { MESSAGES } from "#contract/errors.ts";
import { RECENT_AUTHENTICATION_MINUTES, RECOVERY_CODE_COUNT, TOTP } from "#contract/limits.ts";
import { recoveryCodes, totpCredentials } from "#server/db/schema/index.ts";
import {
  asMember,
  enrolAuthenticatorApp,
  reauthenticate,
  registerMember,
  sessionCookie,
} from "#server/test/factories.ts";
import { signIn, signInWithCode } from "#server/test/sign-in.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";
import { wrongCodeAt } from "#server/test/totp-codes.ts";
import { totpCodeAt } from "./totp.ts";

const MINUTE = 60_000;
const STEP_MS = TOTP.periodSeconds * 1000;
const SETUP = "/api/auth/2fa/totp/setup";
const ENABLE = "/api/auth/2fa/totp/enable";
const DISABLE = "/api/auth/2fa/disable";
const RECOVERY_CODES = "/api/auth/2fa/recovery-codes";

async function signedInMember() {
  const clock = manualClock();
  const t = await createTestApp({ clock });
  const member = await registerMember(t);
  return { t, clock, member };
}

const post = (t: TestApp, member: { cookie: string }, url: string, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: asMember(member.cookie), payload });

const profileOf = (t: TestApp, cookie: string) =>
  t.app.inject({ url: "/api/profile", headers: asMember(cookie) });
const twoFactorOf = async (t: TestApp, cookie: string) => (await profileOf(t, cookie)).json().twoFactor;
const isSignedIn = async (t: TestApp, cookie: string) => (await profileOf(t, cookie)).statusCode === 200;

/** The member signs in on another device while no second factor guards the account: that session's cookie. */
const anotherDevice = async (t: TestApp, member: Parameters<typeof signIn>[1]) =>
  sessionCookie(await signIn(t, member));

describe("the authenticator app", () => {
  it("starts with a key and its otpauth address, and guards nothing until a first code confirms it", async () => {
    const { t, member } = await signedInMember();
    const res = await post(t, member, SETUP);
    expect(res.statusCode).toBe(200);
    const { secret, otpauthUrl } = res.json();
    // 20 random bytes in base32.
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const address = new URL(otpauthUrl);
    expect(address.protocol).toBe("otpauth:");
    expect(address.host).toBe("totp");
    expect(decodeURIComponent(address.pathname)).toBe(`/${TOTP.issuer}:${member.input.email}`);
    expect(address.searchParams.get("issuer")).toBe("Tagit");
    expect(address.searchParams.get("secret")).toBe(secret);

    expect(await twoFactorOf(t, member.cookie)).toEqual({ totp: false, passkeys: 0 });
    const login = await signIn(t, member);
    expect(login.json()).toEqual({ user: expect.objectContaining({ id: member.user.id }) });
    expect(login.cookies.map((cookie) => cookie.name)).toContain("tagit_session");
  });

  it("is enabled by its first right code: ten recovery codes, every sign-in asks for it, other sessions end", async () => {
    const { t, clock, member } = await signedInMember();
    const otherSession = await anotherDevice(t, member);
    const { secret } = (await post(t, member, SETUP)).json();

    const wrong = await post(t, member, ENABLE, { code: await wrongCodeAt(secret, clock.now()) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: MESSAGES.invalidCode,
      code: "invalid_code",
      fields: { code: MESSAGES.invalidCode },
    });
    expect(await twoFactorOf(t, member.cookie)).toEqual({ totp: false, passkeys: 0 });
    expect(await isSignedIn(t, otherSession)).toBe(true);
    expect((await signIn(t, member)).json()).toHaveProperty("user");

    const enabled = await post(t, member, ENABLE, { code: await totpCodeAt(secret, clock.now()) });
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(await twoFactorOf(t, member.cookie)).toEqual({ totp: true, passkeys: 0 });
    // The session that enabled it stays; every other one ends.
    expect(await isSignedIn(t, member.cookie)).toBe(true);
    expect(await isSignedIn(t, otherSession)).toBe(false);
    expect((await signIn(t, member)).json()).toEqual({
      secondFactorRequired: true,
      methods: ["totp", "recovery"],
    });

    const again = await post(t, member, SETUP);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: SECOND_FACTOR_MESSAGES.alreadyEnabled, code: "conflict" });
  });

  it(`cannot be enabled from a setup older than ${TOTP.setupMinutes} minutes, which the clean-up deletes`, async () => {
    const { t, clock, member } = await signedInMember();
    const first = (await post(t, member, SETUP)).json();
    clock.advance((TOTP.setupMinutes - 1) * MINUTE);
    expect(await t.app.jobs.run("delete-spent-tokens")).toMatchObject({ secondFactor: 0 });
    clock.advance(2 * MINUTE);
    // The sign-in is older than the recent-authentication window by now.
    await reauthenticate(t, member);
    const late = await post(t, member, ENABLE, { code: await totpCodeAt(first.secret, clock.now()) });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: SECOND_FACTOR_MESSAGES.noSetup, code: "conflict" });

    expect(await t.app.jobs.run("delete-spent-tokens")).toMatchObject({ secondFactor: 1 });
    expect(await t.db.select().from(totpCredentials)).toEqual([]);
    expect(
      (await post(t, member, ENABLE, { code: await totpCodeAt(first.secret, clock.now()) })).statusCode,
    ).toBe(409);

    // A new setup, with a new key, starts the window again.
    const second = (await post(t, member, SETUP)).json();
    expect(second.secret).not.toBe(first.secret);
    const enabled = await post(t, member, ENABLE, { code: await totpCodeAt(second.secret, clock.now()) });
    expect(enabled.statusCode).toBe(200);
  });

  it("is turned off with one of its codes: the key and the recovery codes go, other sessions end", async () => {
    const { t, clock, member } = await signedInMember();
    const app = await enrolAuthenticatorApp(t, member);
    clock.advance(STEP_MS);
    const otherSession = sessionCookie(await signInWithCode(t, member, await app.nextCode()));
    clock.advance(STEP_MS);

    const wrong = await post(t, member, DISABLE, { code: await wrongCodeAt(app.secret, clock.now()) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: MESSAGES.invalidCode,
      code: "invalid_code",
      fields: { code: MESSAGES.invalidCode },
    });
    expect(await twoFactorOf(t, member.cookie)).toEqual({ totp: true, passkeys: 0 });

    const off = await post(t, member, DISABLE, { code: await app.nextCode() });
    expect(off.statusCode).toBe(204);
    expect(await twoFactorOf(t, member.cookie)).toEqual({ totp: false, passkeys: 0 });
    expect(
      await t.db.select().from(totpCredentials).where(eq(totpCredentials.userId, member.user.id)),
    ).toEqual([]);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.user.id))).toEqual(
      [],
    );
    expect(await isSignedIn(t, member.cookie)).toBe(true);
    expect(await isSignedIn(t, otherSession)).toBe(false);
    // The password alone signs in again.
    expect((await signIn(t, member)).json()).toHaveProperty("user");

    const offAgain = await post(t, member, DISABLE, { code: await app.nextCode() });
    expect(offAgain.statusCode).toBe(409);
    expect(offAgain.json()).toEqual({ error: SECOND_FACTOR_MESSAGES.notEnabled, code: "conflict" });
    expect((await post(t, member, RECOVERY_CODES)).statusCode).toBe(409);
  });

  it("is turned off with a recovery code", async () => {
    const { t, member } = await signedInMember();
    const app = await enrolAuthenticatorApp(t, member);
    const off = await post(t, member, DISABLE, { code: app.recoveryCodes[3] });
    expect(off.statusCode).toBe(204);
    expect(await twoFactorOf(t, member.cookie)).toEqual({ totp: false, passkeys: 0 });
  });

  it("issues new recovery codes that replace the old ones", async () => {
    const { t, member } = await signedInMember();
    const app = await enrolAuthenticatorApp(t, member);
    const res = await post(t, member, RECOVERY_CODES);
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().recoveryCodes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.filter((code) => app.recoveryCodes.includes(code))).toEqual([]);

    const old = await signInWithCode(t, member, app.recoveryCodes[0] ?? "");
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe("invalid_code");
    expect((await signInWithCode(t, member, fresh[0] ?? "")).statusCode).toBe(200);
  });

  it(`asks for a sign-in or re-entry within ${RECENT_AUTHENTICATION_MINUTES} minutes before any change, and takes a code as re-entry`, async () => {
    const { t, clock, member } = await signedInMember();
    const app = await enrolAuthenticatorApp(t, member);
    clock.advance(RECENT_AUTHENTICATION_MINUTES * MINUTE + 1000);

    // Well-formed bodies: the check comes after validation, before anything is looked at.
    const changes: [string, object?][] = [
      [SETUP],
      [ENABLE, { code: "123456" }],
      [DISABLE, { code: "123456" }],
      [RECOVERY_CODES],
    ];
    for (const [url, payload] of changes) {
      const res = await post(t, member, url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ error: MESSAGES.reauthRequired, code: "reauth_required" });
    }

    const reenter = (code: string) => post(t, member, "/api/auth/reauthenticate", { code });
    const wrong = await reenter(await wrongCodeAt(app.secret, clock.now()));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: MESSAGES.invalidCode,
      code: "invalid_code",
      fields: { code: MESSAGES.invalidCode },
    });
    expect((await post(t, member, RECOVERY_CODES)).statusCode).toBe(403);

    expect((await reenter(await app.nextCode())).statusCode).toBe(204);
    const regenerated = await post(t, member, RECOVERY_CODES);
    expect(regenerated.statusCode).toBe(200);

    // A recovery code is re-entry too.
    clock.advance(RECENT_AUTHENTICATION_MINUTES * MINUTE + 1000);
    expect((await post(t, member, DISABLE, { code: await app.nextCode() })).statusCode).toBe(403);
    expect((await reenter(regenerated.json().recoveryCodes[0])).statusCode).toBe(204);
    expect((await post(t, member, DISABLE, { code: await app.nextCode() })).statusCode).toBe(204);
  });
});
