import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sessions } from "./sessions.ts";
import { profiles } from "./users.ts";

/**
 * A member's authenticator app (TOTP). The secret is sealed with the row's member id as its record. Until a
 * first code confirms it (`enabledAt`), the row guards nothing; an unconfirmed row is replaced by the next setup
 * and deleted by the clean-up once it is older than the setup window.
 */
export const totpCredentials = pgTable("totp_credentials", {
  userId: uuid()
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  sealedSecret: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  /** The time step of the last accepted code: that code, and any older one, is never accepted again. */
  lastUsedStep: bigint({ mode: "number" }),
  /** Wrong codes in a row (sign-in, confirming it is the member, disabling, the admin unlock), and when the last one came. */
  failures: integer().notNull().default(0),
  failedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, issued ten at a time when TOTP is enabled. Only a keyed digest is stored. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("recovery_codes_user_code_unique").on(t.userId, t.codeHash)],
);

/** WebAuthn credentials (passkeys and security keys). The public key only; the private key never leaves the device. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The credential id the authenticator chose, base64url. */
    credentialId: text().notNull(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    counter: bigint({ mode: "number" }).notNull().default(0),
    transports: text().array().notNull().default([]),
    backedUp: boolean().notNull().default(false),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_id_unique").on(t.credentialId),
    index("passkeys_user_idx").on(t.userId),
  ],
);

/**
 * A sign-in in progress or a WebAuthn challenge waiting for its answer, each used once:
 * - `second_factor`: the password was right, the code or passkey is awaited (cookie token, member, wrong codes);
 * - `passkey_sign_in`: a passkey alone is to sign in (cookie token, no member yet);
 * - `passkey_register` / `passkey_confirm`: a signed-in session adds a passkey, or proves itself with one
 *   (bound to that session, no cookie).
 */
export const authChallenges = pgTable(
  "auth_challenges",
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({
      enum: ["second_factor", "passkey_sign_in", "passkey_register", "passkey_confirm"],
    }).notNull(),
    /** The SHA-256 of the pending sign-in cookie's token (sign-ins only). */
    tokenHash: text(),
    userId: uuid().references(() => profiles.id, { onDelete: "cascade" }),
    sessionId: uuid().references(() => sessions.id, { onDelete: "cascade" }),
    /** The WebAuthn challenge, base64url, once options were asked for. */
    challenge: text(),
    failures: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("auth_challenges_token_hash_unique").on(t.tokenHash),
    index("auth_challenges_session_idx").on(t.sessionId),
    index("auth_challenges_expires_idx").on(t.expiresAt),
  ],
);
