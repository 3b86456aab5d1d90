import { TOTP } from "#contract/limits.ts";
import { totpCodeAt } from "#server/modules/second-factor/totp.ts";

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
