import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * The columns that hold sealed values. Each column seals under its own key, so a value sealed for one
 * column never opens as another's.
 */
export const SEALED_COLUMNS = {
  payoutDetails: "affiliate_payouts.payout_details_encrypted",
  anonymityKey: "anonymity_keys.sealed_key",
  totpSecret: "totp_credentials.sealed_secret",
} as const;

export type SealedColumn = keyof typeof SEALED_COLUMNS;

/** The prefix of the current format; values without it were sealed the old way and are re-sealed at start. */
const FORMAT = "v2";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The key of one column: HKDF-SHA-256 of APP_SECRET, labelled with the format and the column. */
function columnKey(appSecret: string, column: SealedColumn): Buffer {
  return Buffer.from(
    hkdfSync("sha256", appSecret, "tagit-secret-box", `${FORMAT} ${SEALED_COLUMNS[column]}`, 32),
  );
}

/** The record a value belongs to, authenticated with it: a value copied into another row does not open. */
const recordOf = (column: SealedColumn, rowId: string) =>
  Buffer.from(`${FORMAT}\n${SEALED_COLUMNS[column]}\n${rowId}`, "utf8");

/** How every value of the current format starts; a stored value without it is re-sealed at start. */
export const CURRENT_SEAL_PREFIX = `${FORMAT}.`;

/**
 * AES-256-GCM for one column's values at rest, under a key derived from APP_SECRET for that column, each value
 * bound to its row (the table, column and row id are its associated data) with a full 16-byte tag. Output:
 * `v2.` then base64 iv, tag and data, dot-separated. `open` throws on anything else: another row's value,
 * another column's, another secret's, a shortened or altered tag, or a value in the old format.
 */
export function createSecretBox(appSecret: string, column: SealedColumn) {
  const key = columnKey(appSecret, column);
  return {
    seal(plain: string, rowId: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(recordOf(column, rowId));
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [FORMAT, ...[iv, cipher.getAuthTag(), data].map((part) => part.toString("base64"))].join(".");
    },
    open(sealed: string, rowId: string): string {
      const [format, iv = "", tag = "", data = "", ...rest] = sealed.split(".");
      if (format !== FORMAT || rest.length > 0) throw new Error("not a sealed value of the current format");
      return openGcm(key, { iv, tag, data }, recordOf(column, rowId));
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

/** The columns that hold keyed digests of secrets a member types (looked up by equality, never opened). */
export const DIGESTED_COLUMNS = {
  recoveryCode: "recovery_codes.code_hash",
} as const;

export type DigestedColumn = keyof typeof DIGESTED_COLUMNS;

/**
 * HMAC-SHA-256 of a secret's plain SHA-256 digest, under a key derived from APP_SECRET for the column: a copy of
 * the database alone cannot test a guess (a recovery code has 50 bits, few enough to search through a plain
 * hash). Its input is the plain digest an older release stored, so the start-up step turns those rows into
 * keyed ones without knowing the secrets. Output: `v2.` then the base64url MAC.
 */
export function createKeyedDigest(appSecret: string, column: DigestedColumn) {
  const key = Buffer.from(
    hkdfSync("sha256", appSecret, "tagit-secret-box", `${FORMAT} ${DIGESTED_COLUMNS[column]}`, 32),
  );
  return (plainDigest: string) =>
    `${CURRENT_SEAL_PREFIX}${createHmac("sha256", key).update(plainDigest).digest("base64url")}`;
}

export type KeyedDigest = ReturnType<typeof createKeyedDigest>;

/**
 * Opens a value sealed the old way (`iv.tag.data`: one key for everything, a plain SHA-256 of APP_SECRET, and
 * no associated data), only so the start-up step can re-seal it in the current format.
 */
export function openOldFormat(appSecret: string, sealed: string): string {
  const key = createHash("sha256").update(`tagit-secret-box:${appSecret}`).digest();
  const [iv = "", tag = "", data = "", ...rest] = sealed.split(".");
  if (rest.length > 0) throw new Error("not a sealed value of the old format");
  return openGcm(key, { iv, tag, data });
}

function openGcm(key: Buffer, parts: { iv: string; tag: string; data: string }, record?: Buffer): string {
  const iv = Buffer.from(parts.iv, "base64");
  const tag = Buffer.from(parts.tag, "base64");
  // GCM would accept a tag cut down to 4 bytes, which an attacker can guess; only the full tag is accepted.
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error("malformed sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  if (record) decipher.setAAD(record);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(Buffer.from(parts.data, "base64")), decipher.final()]).toString(
    "utf8",
  );
}

/**
 * Names APP_SECRET without revealing it (a keyed derivation of its own, 64 bits shown): a backup's manifest says
 * which secret sealed its values, and a restore compares it with the configured one.
 */
export const secretFingerprint = (appSecret: string) =>
  Buffer.from(hkdfSync("sha256", appSecret, "tagit-secret-box", "fingerprint", 8)).toString("hex");
