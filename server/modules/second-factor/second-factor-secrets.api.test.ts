import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RECOVERY_CODE_COUNT, TOTP } from "#contract/limits.ts";
import { recoveryCodes, totpCredentials } from "#server/db/schema/index.ts";
import { asMember, enrolAuthenticatorApp, registerMember } from "#server/test/factories.ts";
import { secondStep, signIn, signInCookie, signInWithCode } from "#server/test/sign-in.ts";
import { createTestApp, manualClock } from "#server/test/test-app.ts";
import { wrongCodeAt } from "#server/test/totp-codes.ts";
import { totpCodeAt } from "./totp.ts";

const STEP_MS = TOTP.periodSeconds * 1000;

/** A recovery code in every form a member may type it. */
const forms = (code: string) => [
  code,
  code.replace("-", ""),
  code.toUpperCase(),
  code.replace("-", "").toUpperCase(),
];

/** Whether `text` holds `code` as a number of its own (not a run of digits inside a longer one). */
const holdsCode = (text: string, code: string) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(text);

describe("the second factor's secrets", () => {
  it("are kept at rest as a sealed key and keyed digests of the recovery codes", async () => {
    const t = await createTestApp({ clock: manualClock() });
    const member = await registerMember(t);
    const app = await enrolAuthenticatorApp(t, member);

    const [credential] = await t.db
      .select()
      .from(totpCredentials)
      .where(eq(totpCredentials.userId, member.user.id));
    expect(credential?.enabledAt).not.toBeNull();
    const stored = JSON.stringify(credential);
    expect(stored).not.toContain(app.secret);
    expect(stored.toUpperCase()).not.toContain(app.secret);

    const codes = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.user.id));
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of codes) expect(row.codeHash).toMatch(/^v2\.[A-Za-z0-9_-]{43}$/);
    const storedCodes = JSON.stringify(codes).toLowerCase();
    for (const code of app.recoveryCodes) {
      for (const form of forms(code)) {
        expect(storedCodes).not.toContain(form.toLowerCase());
        // Nor a plain hash of it, which a copy of the database could test guesses against.
        expect(storedCodes).not.toContain(createHash("sha256").update(form).digest("hex"));
        expect(storedCodes).not.toContain(createHash("sha256").update(form.toLowerCase()).digest("hex"));
      }
    }
  });

  it("never reach the logs, through setup, sign-in, re-entry, new recovery codes and turning the app off", async () => {
    const clock = manualClock();
    const t = await createTestApp({ clock, logLevel: "info" });
    const member = await registerMember(t);
    const app = await enrolAuthenticatorApp(t, member);
    const codes = [await totpCodeAt(app.secret, clock.now())];

    clock.advance(STEP_MS);
    codes.push(await app.nextCode());
    expect((await signInWithCode(t, member, codes.at(-1) ?? "")).statusCode).toBe(200);
    const pending = await signIn(t, member);
    const wrong = await wrongCodeAt(app.secret, clock.now());
    codes.push(wrong);
    expect((await secondStep(t, signInCookie(pending), { code: wrong })).statusCode).toBe(400);
    expect((await secondStep(t, signInCookie(pending), { code: app.recoveryCodes[0] })).statusCode).toBe(200);

    clock.advance(STEP_MS);
    codes.push(await app.nextCode());
    const reenter = await t.app.inject({
      method: "POST",
      url: "/api/auth/reauthenticate",
      headers: asMember(member.cookie),
      payload: { code: codes.at(-1) },
    });
    expect(reenter.statusCode).toBe(204);
    const regenerated = await t.app.inject({
      method: "POST",
      url: "/api/auth/2fa/recovery-codes",
      headers: asMember(member.cookie),
    });
    const fresh: string[] = regenerated.json().recoveryCodes;
    const off = await t.app.inject({
      method: "POST",
      url: "/api/auth/2fa/disable",
      headers: asMember(member.cookie),
      payload: { code: fresh[0] },
    });
    expect(off.statusCode).toBe(204);

    const logs = t.logs.join("");
    // The requests were logged (so there was something to look through)…
    for (const url of [
      "/api/auth/2fa/totp/enable",
      "/api/auth/login/second-factor",
      "/api/auth/2fa/disable",
    ]) {
      expect(logs).toContain(`"url":"${url}"`);
    }
    // …but not the key, a code, a recovery code, or the sign-in's token.
    expect(logs).not.toContain(app.secret);
    for (const code of codes) expect(holdsCode(logs, code), `code ${code}`).toBe(false);
    for (const code of [...app.recoveryCodes, ...fresh]) {
      for (const form of forms(code)) expect(logs.toLowerCase()).not.toContain(form.toLowerCase());
    }
    expect(logs).not.toContain(signInCookie(pending).split("=")[1]);
  });
});
