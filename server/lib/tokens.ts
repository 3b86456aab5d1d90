import { createHash, randomBytes } from "node:crypto";

/** A URL-safe random secret (32 bytes) for session cookies and reset links. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database stores instead of a token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
