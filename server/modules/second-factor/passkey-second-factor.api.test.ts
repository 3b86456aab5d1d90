import { describe, expect, it } from "vitest";
import { RECENT_AUTHENTICATION_MINUTES } from "#contract/limits.ts";
import { asMember, registerVerifiedMember, sessionCookie, TEST_ADMIN_EMAIL } from "#server/test/factories.ts";
import {
  addPasskey,
  SIGN_IN_EXPIRED as EXPIRED,
  memberWithPasskey,
  newPasskey,
  passkeyOptions,
  postFrom as post,
  PASSKEY_REJECTED as REJECTED,
  startPasskeySignIn,
} from "#server/test/passkey-ceremonies.ts";
import { signInCookieIfSet } from "#server/test/sign-in.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

describe("a passkey as the second factor", () => {
  /** Signs in with the password: the answer, and the sign-in cookie of the step awaited. */
  async function signInWithPassword(t: TestApp, member: { input: { email: string; password: string } }) {
    const response = await post(t, "/api/auth/login", {
      email: member.input.email,
      password: member.input.password,
    });
    expect(response.statusCode).toBe(200);
    const cookie = signInCookieIfSet(response);
    if (!cookie) throw new Error("the sign-in set no sign-in cookie");
    return {
      body: response.json(),
      cookie,
      sessionSet: response.cookies.some((c) => c.name === "tagit_session"),
    };
  }

  it("asks for it after the password, offers only the member's passkeys, and completes the sign-in", async () => {
    const t = await createTestApp();
    const member = await memberWithPasskey(t);
    await addPasskey(t, member, { name: "Phone" }); // a second passkey, also offered
    const other = await memberWithPasskey(t);

    const pending = await signInWithPassword(t, member);
    expect(pending.body).toEqual({ secondFactorRequired: true, methods: ["passkey"] });
    expect(pending.sessionSet).toBe(false);

    const options = await passkeyOptions(t, "authenticate", pending.cookie);
    expect(options.statusCode).toBe(200);
    expect(signInCookieIfSet(options)).toBeUndefined(); // the pending sign-in keeps its cookie
    const allowed = options.json().allowCredentials.map((c: { id: string }) => c.id);
    expect(allowed).toHaveLength(2);
    expect(allowed).toContain(member.passkey.credentialId);
    expect(allowed).not.toContain(other.passkey.credentialId);

    // As a second factor the password was the first: the passkey need not check its user.
    const assertion = member.passkey.authenticate(options.json(), { userVerified: false });
    const done = await post(t, "/api/auth/login/second-factor", { passkey: assertion }, pending.cookie);
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(member.user.id);
    const session = sessionCookie(done);
    expect((await t.app.inject({ url: "/api/profile", headers: asMember(session) })).statusCode).toBe(200);

    const again = await post(t, "/api/auth/login/second-factor", { passkey: assertion }, pending.cookie);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(EXPIRED);
  });

  it("rejects another member's passkey; the member's own then needs new options", async () => {
    const t = await createTestApp();
    const member = await memberWithPasskey(t);
    const other = await memberWithPasskey(t);
    const pending = await signInWithPassword(t, member);

    const options = (await passkeyOptions(t, "authenticate", pending.cookie)).json();
    // The second step's challenge (user verification only preferred) cannot stand for a passkey-alone sign-in.
    const alone = await post(
      t,
      "/api/auth/login/passkey",
      { response: member.passkey.authenticate(options, { userVerified: false }) },
      pending.cookie,
    );
    expect(alone.statusCode).toBe(401);
    expect(alone.json()).toEqual(EXPIRED);

    const impostor = await post(
      t,
      "/api/auth/login/second-factor",
      { passkey: other.passkey.authenticate(options) },
      pending.cookie,
    );
    expect(impostor.statusCode).toBe(400);
    expect(impostor.json()).toEqual(REJECTED);
    expect(impostor.cookies.find((c) => c.name === "tagit_session")).toBeUndefined();

    const sameChallenge = await post(
      t,
      "/api/auth/login/second-factor",
      { passkey: member.passkey.authenticate(options) },
      pending.cookie,
    );
    expect(sameChallenge.statusCode).toBe(400);
    expect(sameChallenge.json()).toEqual(REJECTED);

    const fresh = (await passkeyOptions(t, "authenticate", pending.cookie)).json();
    const done = await post(
      t,
      "/api/auth/login/second-factor",
      { passkey: member.passkey.authenticate(fresh) },
      pending.cookie,
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(member.user.id);
  });
});

describe("proving oneself with a passkey while signed in", () => {
  it("re-enters with a passkey once the sign-in is old, against a challenge bound to the session", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const member = await memberWithPasskey(t);
    clock.advance((RECENT_AUTHENTICATION_MINUTES + 1) * 60_000);
    expect((await passkeyOptions(t, "register", member.cookie)).statusCode).toBe(403);

    const options = await passkeyOptions(t, "authenticate", member.cookie);
    expect(options.statusCode).toBe(200);
    expect(signInCookieIfSet(options)).toBeUndefined();
    expect(options.json().allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      member.passkey.credentialId,
    ]);

    // Another session of the same member cannot answer this session's challenge.
    const otherDevice = await startPasskeySignIn(t);
    const other = await post(
      t,
      "/api/auth/login/passkey",
      { response: member.passkey.authenticate(otherDevice.options) },
      otherDevice.cookie,
    );
    const crossed = await post(
      t,
      "/api/auth/reauthenticate",
      { passkey: member.passkey.authenticate(options.json()) },
      sessionCookie(other),
    );
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toEqual(REJECTED);

    const reentered = await post(
      t,
      "/api/auth/reauthenticate",
      { passkey: member.passkey.authenticate(options.json()) },
      member.cookie,
    );
    expect(reentered.statusCode).toBe(204);
    expect((await passkeyOptions(t, "register", member.cookie)).statusCode).toBe(200);

    const unasked = await post(
      t,
      "/api/auth/reauthenticate",
      { passkey: member.passkey.authenticate(options.json()) },
      member.cookie,
    );
    expect(unasked.statusCode).toBe(400);
    expect(unasked.json()).toEqual(REJECTED);
  });

  it("needs the passkey to check its user (PIN, fingerprint): an unlocked device alone re-enters nothing", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock, config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });
    const member = await registerVerifiedMember(t, { email: TEST_ADMIN_EMAIL });
    const { passkey } = await addPasskey(t, member);
    clock.advance((RECENT_AUTHENTICATION_MINUTES + 1) * 60_000);

    const options = (await passkeyOptions(t, "authenticate", member.cookie)).json();
    expect(options.userVerification).toBe("required");
    const unverified = { passkey: passkey.authenticate(options, { userVerified: false }) };
    const reentry = await post(t, "/api/auth/reauthenticate", unverified, member.cookie);
    expect(reentry.statusCode).toBe(400);
    expect(reentry.json()).toEqual(REJECTED);
    expect((await passkeyOptions(t, "register", member.cookie)).statusCode).toBe(403);

    const unlockOptions = (await passkeyOptions(t, "authenticate", member.cookie)).json();
    const unlock = await post(
      t,
      "/api/admin/session",
      {
        password: member.input.password,
        passkey: passkey.authenticate(unlockOptions, { userVerified: false }),
      },
      member.cookie,
    );
    expect(unlock.statusCode).toBe(400);
    expect(unlock.json()).toEqual(REJECTED);

    const verified = (await passkeyOptions(t, "authenticate", member.cookie)).json();
    const reentered = await post(
      t,
      "/api/auth/reauthenticate",
      { passkey: passkey.authenticate(verified) },
      member.cookie,
    );
    expect(reentered.statusCode).toBe(204);
  });

  it("opens the admin panel with the password and a passkey", async () => {
    const t = await createTestApp({ config: { adminEmails: new Set([TEST_ADMIN_EMAIL]) } });
    const admin = await registerVerifiedMember(t, { email: TEST_ADMIN_EMAIL });
    const { passkey } = await addPasskey(t, admin);
    const unlock = (payload: object) => post(t, "/api/admin/session", payload, admin.cookie);

    const options = (await passkeyOptions(t, "authenticate", admin.cookie)).json();
    const stranger = await unlock({
      password: admin.input.password,
      passkey: newPasskey().authenticate(options),
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual(REJECTED);

    const fresh = (await passkeyOptions(t, "authenticate", admin.cookie)).json();
    const opened = await unlock({ password: admin.input.password, passkey: passkey.authenticate(fresh) });
    expect(opened.statusCode).toBe(200);
    const adminSession = opened.json().sessionId as string;
    const status = await t.app.inject({
      url: "/api/admin/session",
      headers: { ...asMember(admin.cookie), "x-admin-session": adminSession },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ valid: true });
  });
});
