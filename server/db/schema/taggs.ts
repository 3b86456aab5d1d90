import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
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
  (t) => [
    unique("taggs_tagg_unique").on(t.tagg),
    // The admin list (decision 024): its keyset order, and its search (ILIKE '%term%' on any of these columns;
    // one trigram index covers them all, the planner ORs its per-column scans).
    index("taggs_created_id_idx").on(t.createdAt, t.id),
    index("taggs_search_trgm_idx").using(
      "gin",
      t.tagg.op("gin_trgm_ops"),
      t.firstName.op("gin_trgm_ops"),
      t.lastName.op("gin_trgm_ops"),
      t.email.op("gin_trgm_ops"),
      t.reason.op("gin_trgm_ops"),
    ),
    // The full-name search ("Bea Poster") and the list's sorts, each with (created_at, id) (decision 052).
    index("taggs_full_name_trgm_idx").using(
      "gin",
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    index("taggs_tagg_sort_idx").on(t.tagg, t.createdAt, t.id),
    index("taggs_first_name_sort_idx").on(t.firstName, t.lastName, t.createdAt, t.id),
    index("taggs_last_name_sort_idx").on(t.lastName, t.firstName, t.createdAt, t.id),
    index("taggs_email_sort_idx").on(t.email, t.createdAt, t.id),
  ],
);
