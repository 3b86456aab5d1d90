import { TOTP } from "#contract/limits.ts";
import { totpCodeAt } from "#server/modules/second-factor/totp.ts";
import { enrolAuthenticatorApp, registerMember } from "./factories.ts";
import { createTestApp, manualClock } from "./test-app.ts";

const STEP_MS = TOTP.periodSeconds * 1000;

/** The app's code `steps` time steps after (or before, when negative) `at`. */
export const totpCodeSteps = (secret: string, at: Date, steps: number) =>
  totpCodeAt(secret, new Date(at.getTime() + steps * STEP_MS));

/**
 * A well-formed code the server refuses at `at`: not the code of any step it could accept then, with a step to
 * spare on either side in case the real clock crosses into the next step before the request is answered.
 */
export async function wrongCodeAt(secret: string, at: Date) {
  const near = await Promise.all([-2, -1, 0, 1, 2].map((steps) => totpCodeSteps(secret, at, steps)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(TOTP.digits, "0");
    if (!near.includes(code)) return code;
  }
}

/** A member with an authenticator app, on a clock the test moves. */
export async function enrolledMember() {
  const clock = manualClock();
  const t = await createTestApp({ clock });
  const member = await registerMember(t);
  const app = await enrolAuthenticatorApp(t, member);
  // The enrolment took this step's code: sign-ins start a step later.
  clock.advance(STEP_MS);
  /** The app's code now, or `steps` steps from now. */
  const codeAt = (steps = 0) => totpCodeSteps(app.secret, clock.now(), steps);
  const wrongCode = () => wrongCodeAt(app.secret, clock.now());
  return { t, clock, member, app, codeAt, wrongCode };
}
