import { describe, expect, it } from "vitest";
import { PENDING_SIGN_IN } from "#contract/limits.ts";
import { asMember, sessionCookie } from "#server/test/factories.ts";
import {
  SIGN_IN_EXPIRED as EXPIRED,
  memberWithPasskey,
  newPasskey,
  postFrom as post,
  PASSKEY_REJECTED as REJECTED,
  startPasskeySignIn,
} from "#server/test/passkey-ceremonies.ts";
import { signInCookieIfSet } from "#server/test/sign-in.ts";
import { createTestApp, manualClock } from "#server/test/test-app.ts";

describe("signing in with a passkey alone", () => {
  it("signs in with a passkey that checks its user, and records when it was used", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const member = await memberWithPasskey(t);

    const { options, cookie } = await startPasskeySignIn(t);
    expect(options).toMatchObject({ rpId: "localhost", userVerification: "required", allowCredentials: [] });
    const signedIn = await post(
      t,
      "/api/auth/login/passkey",
      { response: member.passkey.authenticate(options) },
      cookie,
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: member.user.id, email: member.input.email });
    const session = sessionCookie(signedIn);
    expect(signInCookieIfSet(signedIn)).toBeUndefined();
    expect((await t.app.inject({ url: "/api/profile", headers: asMember(session) })).json().id).toBe(
      member.user.id,
    );

    const [used] = (await t.app.inject({ url: "/api/auth/passkeys", headers: asMember(session) })).json();
    expect(used.lastUsedAt).toBe(clock.now().toISOString());
  });

  it("refuses a passkey that did not check its user; the sign-in is spent", async () => {
    const t = await createTestApp();
    const member = await memberWithPasskey(t);
    const { options, cookie } = await startPasskeySignIn(t);

    const unverified = await post(
      t,
      "/api/auth/login/passkey",
      { response: member.passkey.authenticate(options, { userVerified: false }) },
      cookie,
    );
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json()).toEqual(REJECTED);
    expect(unverified.cookies.find((c) => c.name === "tagit_session")).toBeUndefined();

    const retried = await post(
      t,
      "/api/auth/login/passkey",
      { response: member.passkey.authenticate(options) },
      cookie,
    );
    expect(retried.statusCode).toBe(401);
    expect(retried.json()).toEqual(EXPIRED);
  });

  it("answers each challenge once: a replayed assertion signs nobody in", async () => {
    const t = await createTestApp();
    const member = await memberWithPasskey(t);
    const { options, cookie } = await startPasskeySignIn(t);
    const assertion = member.passkey.authenticate(options);
    expect((await post(t, "/api/auth/login/passkey", { response: assertion }, cookie)).statusCode).toBe(200);

    const replayed = await post(t, "/api/auth/login/passkey", { response: assertion }, cookie);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual(EXPIRED);

    // Nor does it answer a new sign-in's challenge.
    const fresh = await startPasskeySignIn(t);
    const elsewhere = await post(t, "/api/auth/login/passkey", { response: assertion }, fresh.cookie);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual(REJECTED);
  });

  it("rejects an answer made on another origin, one without its sign-in cookie, and an unknown passkey", async () => {
    const t = await createTestApp();
    const member = await memberWithPasskey(t);

    const phished = await startPasskeySignIn(t);
    const fromElsewhere = await post(
      t,
      "/api/auth/login/passkey",
      { response: member.passkey.authenticate(phished.options, { origin: "https://tagit.example.evil" }) },
      phished.cookie,
    );
    expect(fromElsewhere.statusCode).toBe(400);
    expect(fromElsewhere.json()).toEqual(REJECTED);

    const { options } = await startPasskeySignIn(t);
    const noCookie = await post(t, "/api/auth/login/passkey", {
      response: member.passkey.authenticate(options),
    });
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.json()).toEqual(EXPIRED);

    const unknown = await startPasskeySignIn(t);
    const stranger = await post(
      t,
      "/api/auth/login/passkey",
      { response: newPasskey().authenticate(unknown.options) },
      unknown.cookie,
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual(REJECTED);
  });

  it(`lasts ${PENDING_SIGN_IN.minutes} minutes`, async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const member = await memberWithPasskey(t);
    const { options, cookie } = await startPasskeySignIn(t);
    clock.advance(PENDING_SIGN_IN.minutes * 60_000 + 1000);
    const late = await post(
      t,
      "/api/auth/login/passkey",
      { response: member.passkey.authenticate(options) },
      cookie,
    );
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual(EXPIRED);
  });

  it("refuses a passkey whose counter went backwards, as a cloned key's would", async () => {
    const t = await createTestApp();
    const member = await memberWithPasskey(t);
    const first = await startPasskeySignIn(t);
    const ahead = member.passkey.authenticate(first.options, { counter: 10 });
    expect((await post(t, "/api/auth/login/passkey", { response: ahead }, first.cookie)).statusCode).toBe(
      200,
    );

    const second = await startPasskeySignIn(t);
    const behind = member.passkey.authenticate(second.options, { counter: 3 });
    const cloned = await post(t, "/api/auth/login/passkey", { response: behind }, second.cookie);
    expect(cloned.statusCode).toBe(400);
    expect(cloned.json()).toEqual(REJECTED);
  });

  it("lets one of two answers with the same counter, sent at once, sign in: the count moves forward once", async () => {
    const t = await createTestApp();
    const member = await memberWithPasskey(t);
    const ceremonies = await Promise.all(Array.from({ length: 8 }, () => startPasskeySignIn(t)));
    // A key and its clone, each answering its own sign-in with the count the other used.
    const answers = await Promise.all(
      ceremonies.map(({ options, cookie }) =>
        post(
          t,
          "/api/auth/login/passkey",
          { response: member.passkey.authenticate(options, { counter: 20 }) },
          cookie,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((answer) => answer.statusCode === 400)) {
      expect(refused.json()).toEqual(REJECTED);
    }
  });
});
