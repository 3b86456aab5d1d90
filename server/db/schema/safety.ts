import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./users.ts";

/**
 * One member blocking another: for the blocked member the blocker's posts do not exist, and the blocker's lists
 * stop showing them. Looked up by (blocked, blocker) in the same query as every search.
 */
export const blocks = pgTable(
  "blocks",
  {
    id: uuid().primaryKey().defaultRandom(),
    blockerId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    blockedId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Whether the blocker may see the blocked member's name: false for a block made by a tagg whose search
     * showed no name (every post of it hides personal information), so the list never shows more later.
     */
    nameShown: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex("blocks_blocker_blocked_unique").on(t.blockerId, t.blockedId),
    index("blocks_blocked_blocker_idx").on(t.blockedId, t.blockerId),
  ],
);

/**
 * How many blocks and unblocks a member made on `day` (a UTC day): one row per member, counted up before the
 * change is made, in its transaction, and started again on a new day.
 */
export const blockChanges = pgTable("block_changes", {
  memberId: uuid()
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  day: date({ mode: "string" }).notNull(),
  changes: integer().notNull(),
});

/** When a member was last told that one named visitor looked for their posts again and again (once a week at most). */
export const repeatedSearchAlerts = pgTable(
  "repeated_search_alerts",
  {
    ownerId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    visitorId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    alertedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.visitorId] }),
    // A visitor emptying their history (or leaving) takes their alerts with them.
    index("repeated_search_alerts_visitor_idx").on(t.visitorId),
  ],
);
