import { char, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { profiles } from "./users.ts";

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

/**
 * The member's invoices as their provider reported them (paid, or open after a failed renewal): the receipts
 * list and the past-due retry read them. `url` is Stripe's hosted invoice; the test provider has none (its
 * receipt is a page of ours).
 */
export const billingInvoices = pgTable(
  "billing_invoices",
  {
    id: text().primaryKey(),
    memberId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    subscriptionId: text().notNull(),
    status: text({ enum: ["open", "paid"] }).notNull(),
    amountMinor: integer().notNull(),
    currency: char({ length: 3 }).notNull(),
    url: text(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    cardBrand: text(),
    cardLast4: text(),
  },
  (t) => [index("billing_invoices_member_issued_idx").on(t.memberId, t.issuedAt)],
);
