import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tokenColumns } from "./sessions.ts";
import { profiles } from "./users.ts";

/**
 * The places a member signed in from, kept only to tell a new one: a keyed hash of the network (an IPv4 /16 or
 * an IPv6 /64, bound to the member, so equal networks of two members do not match) and the browser family
 * ("Firefox"). A few per member, forgotten after a while.
 */
export const signInPlaces = pgTable(
  "sign_in_places",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    networkKey: text().notNull(),
    browser: text().notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("sign_in_places_user_place_unique").on(t.userId, t.networkKey, t.browser),
    index("sign_in_places_last_seen_idx").on(t.lastSeenAt),
  ],
);

/** "Wasn't me" links of new-sign-in e-mails: single use, stored hashed, with the address they were mailed to. */
export const wasntMeTokens = pgTable("wasnt_me_tokens", tokenColumns(), (t) => [
  uniqueIndex("wasnt_me_tokens_hash_unique").on(t.tokenHash),
  index("wasnt_me_tokens_user_idx").on(t.userId),
]);
