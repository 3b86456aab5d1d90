import { describe, expect, it } from "vitest";
import { RECOVERY_CODE_COUNT } from "#contract/limits.ts";
import { asMember, enrolAuthenticatorApp, registerMember, sessionCookie } from "#server/test/factories.ts";
import { addPasskey } from "#server/test/passkey-ceremonies.ts";
import { signIn } from "#server/test/sign-in.ts";
import { createTestApp, manualClock, type TestApp } from "#server/test/test-app.ts";

const checkup = (t: TestApp, cookie?: string) =>
  t.app.inject({ url: "/api/security-checkup", headers: cookie ? { cookie } : {} });

describe("GET /api/security-checkup", () => {
  it("answers 401 without a session", async () => {
    const t = await createTestApp();
    const res = await checkup(t);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("unauthenticated");
  });

  it("answers the member's own figures, however many another member has", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const joinedAt = clock.now().toISOString();
    const ada = await registerMember(t);
    const bea = await registerMember(t);
    await signIn(t, bea);
    await signIn(t, bea);
    await addPasskey(t, bea);

    expect((await checkup(t, ada.cookie)).json()).toEqual({
      authenticatorApp: false,
      passkeys: 0,
      recoveryCodesLeft: null,
      sessions: 1,
      passwordChangedAt: joinedAt,
      newSignInEmails: true,
    });
    const laptop = sessionCookie(await signIn(t, ada));
    expect((await checkup(t, laptop)).json()).toMatchObject({ sessions: 2 });
    expect((await checkup(t, bea.cookie)).json()).toMatchObject({ passkeys: 1, sessions: 1 });
  });

  it("follows the member's changes: the app and its unused codes, passkeys, a new password's date", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock });
    const ada = await registerMember(t);
    const app = await enrolAuthenticatorApp(t, ada);
    await addPasskey(t, ada);
    // A recovery code spent at a re-entry is no longer left.
    await t.app.inject({
      method: "POST",
      url: "/api/auth/reauthenticate",
      headers: asMember(ada.cookie),
      payload: { code: app.recoveryCodes[0] },
    });
    clock.advance(3 * 24 * 60 * 60_000);
    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: asMember(ada.cookie),
      payload: { currentPassword: ada.input.password, password: "a newer secret" },
    });
    expect(changed.statusCode).toBe(200);
    expect((await checkup(t, ada.cookie)).json()).toEqual({
      authenticatorApp: true,
      passkeys: 1,
      recoveryCodesLeft: RECOVERY_CODE_COUNT - 1,
      sessions: 1,
      passwordChangedAt: clock.now().toISOString(),
      newSignInEmails: true,
    });
  });
});
