import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Singleton (id = 1): the Tagit that last migrated this database, and the last migration it applied
 * (server/db/schema-version.ts). An older Tagit reads it to say which Tagit to start instead, so a later one
 * keeps these columns as they are.
 */
export const schemaVersion = pgTable(
  "schema_version",
  {
    id: integer().primaryKey().default(1),
    tagitVersion: text().notNull(),
    migration: text().notNull(),
    migratedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check("schema_version_singleton_check", sql`${t.id} = 1`)],
);
