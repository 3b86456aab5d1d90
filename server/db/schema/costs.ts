import { sql } from "drizzle-orm";
import { char, check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The platform's running costs, entered by administrators. Amounts in minor units (cents). */
export const costs = pgTable(
  "costs",
  {
    id: uuid().primaryKey().defaultRandom(),
    date: date({ mode: "string" }).notNull().default(sql`CURRENT_DATE`),
    service: text().notNull(),
    description: text().notNull(),
    amountMinor: integer().notNull(),
    currency: char({ length: 3 }).notNull().default("USD"),
    category: text().notNull(),
    notes: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("costs_amount_check", sql`${t.amountMinor} >= 0`),
    index("costs_date_idx").on(t.date.desc().nullsFirst(), t.createdAt.desc().nullsFirst()),
  ],
);
