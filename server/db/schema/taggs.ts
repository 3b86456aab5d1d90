import { boolean, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns.ts";

/** The registry of handles. A member's profile points at its tagg; admins curate the registry. */
export const taggs = pgTable(
  "taggs",
  {
    id: uuid().primaryKey().defaultRandom(),
    tagg: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    reason: text(),
    isHidden: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  // A constraint, not just an index: profiles.tagg references it, and drizzle-kit emits foreign keys before
  // CREATE INDEX statements but constraints inside CREATE TABLE.
  (t) => [unique("taggs_tagg_unique").on(t.tagg)],
);
