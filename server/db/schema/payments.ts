import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Payment provider events already handled; the primary key makes webhook handling idempotent. */
export const paymentEvents = pgTable("payment_events", {
  id: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
