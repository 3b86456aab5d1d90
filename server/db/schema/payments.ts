import { char, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Payment provider events already handled; the primary key makes webhook handling idempotent. Paid invoices
 * and refunds also keep their invoice, amount and time: the admin panel's monthly Premium revenue reads them.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text().primaryKey(),
    provider: text().notNull(),
    type: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    invoiceId: text(),
    amountMinor: integer(),
    currency: char({ length: 3 }),
    occurredAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("payment_events_type_occurred_idx").on(t.type, t.occurredAt)],
);
