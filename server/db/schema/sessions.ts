import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { profiles } from "./users.ts";

/** Member sessions. Only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    userAgent: text(),
    ipAddress: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the member last entered their password again in this session (recent authentication). */
    reauthenticatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_unique").on(t.tokenHash),
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

/** Admin panel sessions: granted after the password (and second factor) again, bound to one member session. */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("admin_sessions_token_hash_unique").on(t.tokenHash),
    index("admin_sessions_user_idx").on(t.userId),
  ],
);

export const tokenColumns = () => ({
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid()
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" }),
  email: text().notNull(),
  tokenHash: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  used: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Single-use password reset tokens, stored hashed, valid one hour. */
export const passwordResetTokens = pgTable("password_reset_tokens", tokenColumns(), (t) => [
  uniqueIndex("password_reset_tokens_hash_unique").on(t.tokenHash),
  index("password_reset_tokens_user_idx").on(t.userId),
]);

export const emailVerificationTokens = pgTable("email_verification_tokens", tokenColumns(), (t) => [
  uniqueIndex("email_verification_tokens_hash_unique").on(t.tokenHash),
  index("email_verification_tokens_user_idx").on(t.userId),
]);
export type SessionRow = typeof sessions.$inferSelect;
