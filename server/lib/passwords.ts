import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's OWASP-aligned defaults (m=19 MiB, t=2, p=1).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password, and for an account with none yet (checked against a dummy, in the same time). */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    if (passwordHash === null) {
      await verify(DUMMY_PASSWORD_HASH, password);
      return false;
    }
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash of a random password, so an unknown e-mail costs the same time as a wrong password. */
export const DUMMY_PASSWORD_HASH = await hashPassword(`dummy-${Math.random()}`);
