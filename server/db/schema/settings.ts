import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns.ts";

/** Platform settings by key (e.g. `freeOptionEnabled`), each value JSON. */
export const settings = pgTable("settings", {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

/** Singleton (id = 1): whether AI post creation is on, and whether free members may use it. */
export const aiSettings = pgTable(
  "ai_settings",
  {
    id: integer().primaryKey().default(1),
    isEnabled: boolean().notNull().default(true),
    allowFreeUsers: boolean().notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check("ai_settings_singleton_check", sql`${t.id} = 1`)],
);
