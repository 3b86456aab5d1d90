import { createCipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Seals `plain` as the secret box did before the current format: one key for every column (a plain SHA-256 of
 * APP_SECRET), no associated data, `iv.tag.data` in base64. What a database written by an older release holds.
 */
export function sealOldFormat(appSecret: string, plain: string): string {
  const key = createHash("sha256").update(`tagit-secret-box:${appSecret}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString("base64")).join(".");
}
