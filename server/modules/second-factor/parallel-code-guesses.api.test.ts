import { describe, expect, it } from "vitest";
import { MESSAGES } from "#contract/errors.ts";
import { CODE_GUESSES, PENDING_SIGN_IN } from "#contract/limits.ts";
import { atOnce, GUESSES, tally } from "#server/test/guesses.ts";
import { secondStep, signIn, signInCookie } from "#server/test/sign-in.ts";
import type { TestApp } from "#server/test/test-app.ts";
import { enrolledMember } from "#server/test/totp-codes.ts";

// Authenticator and recovery codes sent at once: exactly the designed number is checked, every other one is
// refused without a check, and so is the right code.

const TOO_MANY_CODES = { error: MESSAGES.tooManyCodes, code: "sign_in_expired" };
const LOCKED_OUT = { error: MESSAGES.codesLockedOut, code: "rate_limited" };

/** A member with an authenticator app, and new sign-ins waiting for their code. */
async function memberSigningIn() {
  const { t, clock, member, app, codeAt, wrongCode } = await enrolledMember();
  const pending = async () => signInCookie(await signIn(t, member));
  return { t, clock, app, rightCode: () => codeAt(), wrongCode, pending };
}

/** Answers that checked a code: a wrong code, or the wrong code that ended its sign-in. */
const checked = (answers: Awaited<ReturnType<TestApp["app"]["inject"]>>[]) =>
  answers.filter((a) => a.json().code === "invalid_code" || a.json().error === MESSAGES.tooManyCodes).length;

describe("codes guessed at once", () => {
  it(`check ${PENDING_SIGN_IN.wrongCodes} on one sign-in`, async () => {
    const { t, rightCode, wrongCode, pending } = await memberSigningIn();
    const cookie = await pending();
    const wrong = await wrongCode();
    const answers = await atOnce(GUESSES, () => secondStep(t, cookie, { code: wrong }));
    expect(tally(answers)).toEqual({
      "400 invalid_code": PENDING_SIGN_IN.wrongCodes - 1,
      "401 sign_in_expired": GUESSES - PENDING_SIGN_IN.wrongCodes + 1,
    });
    expect(answers.filter((a) => a.json().error === TOO_MANY_CODES.error)).toHaveLength(1);
    expect((await secondStep(t, cookie, { code: await rightCode() })).json().code).toBe("sign_in_expired");
  });

  it(`check ${CODE_GUESSES.lockoutAfter} per account across sign-ins, app codes and recovery codes alike`, async () => {
    const { t, clock, app, wrongCode, pending } = await memberSigningIn();
    const signIns = 8;
    const cookies = await atOnce(signIns, pending);
    const wrong = await wrongCode();
    // Half app codes, half recovery codes: both count toward the account's one budget.
    const answers = await atOnce(GUESSES, (i) =>
      secondStep(t, cookies[i % signIns], { code: i % 2 ? wrong : "wrong-guess" }),
    );
    expect(checked(answers)).toBe(CODE_GUESSES.lockoutAfter);
    // The rest were refused unchecked: locked per account, or their sign-in had had its guesses.
    const refused = answers.filter((a) => a.statusCode === 429 || a.json().error === MESSAGES.signInExpired);
    expect(refused).toHaveLength(GUESSES - CODE_GUESSES.lockoutAfter);
    expect(answers.filter((a) => a.statusCode === 429).map((a) => a.json())).toContainEqual(LOCKED_OUT);
    // A right recovery code is refused too, and is not spent: it works once the lockout is over.
    const [recovery = ""] = app.recoveryCodes;
    expect((await secondStep(t, await pending(), { code: recovery })).json()).toEqual(LOCKED_OUT);
    clock.advance(CODE_GUESSES.lockoutMs + 60_000);
    expect((await secondStep(t, await pending(), { code: recovery })).statusCode).toBe(200);
  });

  it("start counting again after a right code", async () => {
    const { t, rightCode, wrongCode, pending } = await memberSigningIn();
    const wrong = await wrongCode();
    // One short of the lockout, at once on two sign-ins; the second is still open.
    const [first, second] = [await pending(), await pending()];
    const five = await atOnce(PENDING_SIGN_IN.wrongCodes, () => secondStep(t, first, { code: wrong }));
    const rest = CODE_GUESSES.lockoutAfter - 1 - PENDING_SIGN_IN.wrongCodes;
    const four = await atOnce(rest, () => secondStep(t, second, { code: wrong }));
    expect(checked([...five, ...four])).toBe(CODE_GUESSES.lockoutAfter - 1);
    expect((await secondStep(t, second, { code: await rightCode() })).statusCode).toBe(200);
    // The right code gave the account its budget back: a new burst checks the full number again.
    const cookies = await atOnce(3, pending);
    const answers = await atOnce(GUESSES, (i) => secondStep(t, cookies[i % 3], { code: wrong }));
    expect(checked(answers)).toBe(CODE_GUESSES.lockoutAfter);
  });
});
