import { generate, generateSecret, generateURI, verify } from "otplib";
import { TOTP } from "#contract/limits.ts";

/** A new authenticator-app key: 20 random bytes (160 bits, as RFC 4226 recommends), in base32. */
export const newTotpSecret = () => generateSecret();

/** The `otpauth://` address an authenticator app reads from the QR code. */
export const totpAddress = (secret: string, account: string) =>
  generateURI({
    issuer: TOTP.issuer,
    label: account,
    secret,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
  });

const epochOf = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * The time step `code` belongs to when it is the code of the step at `at`, the one before or the one after
 * (clock skew), and later than `afterStep` (a code is accepted once; an older one never again); otherwise null.
 */
export async function acceptedStep(secret: string, code: string, at: Date, afterStep: number | null) {
  const result = await verify({
    secret,
    token: code,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    epoch: epochOf(at),
    epochTolerance: TOTP.skewSteps * TOTP.periodSeconds,
    ...(afterStep !== null && { afterTimeStep: afterStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/** The code an authenticator app shows at `at` (what tests and the seed type in). */
export const totpCodeAt = (secret: string, at: Date) =>
  generate({ secret, digits: TOTP.digits, period: TOTP.periodSeconds, epoch: epochOf(at) });
