import { randomInt } from "node:crypto";
import { normalizeRecoveryCode } from "#contract/api/second-factor.ts";
import { RECOVERY_CODE_COUNT } from "#contract/limits.ts";
import type { KeyedDigest } from "#server/lib/secret-box.ts";
import { hashToken } from "#server/lib/tokens.ts";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/** One code: ten characters of a 32-letter alphabet (50 bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode() {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A fresh set of recovery codes, to be shown once. */
export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/**
 * What is stored of a code: the keyed digest of its normalized form's hash, so case, spaces and the dash do not
 * matter, and a copy of the database cannot check a guess without APP_SECRET.
 */
export const recoveryCodeDigest = (keyed: KeyedDigest, code: string) =>
  keyed(hashToken(normalizeRecoveryCode(code)));
