import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Platform settings by key (e.g. `freeOptionEnabled`), each value JSON. */
export const settings = pgTable("settings", {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Singleton (id = 1): whether AI post creation is on, and whether free members may use it. */
export const aiSettings = pgTable(
  "ai_settings",
  {
    id: integer().primaryKey().default(1),
    isEnabled: boolean().notNull().default(true),
    allowFreeUsers: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("ai_settings_singleton_check", sql`${t.id} = 1`)],
);
