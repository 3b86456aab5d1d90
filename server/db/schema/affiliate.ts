import { sql } from "drizzle-orm";
import {
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { DEFAULT_COMMISSION_PERCENTAGE } from "#contract/limits.ts";
import { updatedAt } from "./columns.ts";
import { profiles } from "./users.ts";

export const AFFILIATE_CURRENCY = "GBP";
export const PAYOUT_METHODS = ["bank_transfer", "paypal"] as const;

/** Singleton (id = 1): the commission paid on referred subscriptions, and whether the programme runs. */
export const affiliateSettings = pgTable(
  "affiliate_settings",
  {
    id: integer().primaryKey().default(1),
    commissionPercentage: numeric({ precision: 5, scale: 2 })
      .notNull()
      .default(DEFAULT_COMMISSION_PERCENTAGE),
    isActive: boolean().notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("affiliate_settings_singleton_check", sql`${t.id} = 1`),
    check(
      "affiliate_settings_commission_check",
      sql`${t.commissionPercentage} >= 0 and ${t.commissionPercentage} <= 100`,
    ),
  ],
);

/** A member's one referral code; the link is PUBLIC_URL/auth?ref=CODE. */
export const affiliateLinks = pgTable(
  "affiliate_links",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    referralCode: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("affiliate_links_user_unique").on(t.userId),
    uniqueIndex("affiliate_links_referral_code_unique").on(t.referralCode),
  ],
);

/**
 * A member brought in by a referrer's code; one referrer per member. The row belongs to the referrer: if the
 * referred member deletes their account, `referred_id` becomes null and the referrer's history stays.
 */
export const affiliateReferrals = pgTable(
  "affiliate_referrals",
  {
    id: uuid().primaryKey().defaultRandom(),
    referrerId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    referredId: uuid().references(() => profiles.id, { onDelete: "set null" }),
    referralCode: text().notNull(),
    commissionPercentage: numeric({ precision: 5, scale: 2 })
      .notNull()
      .default(DEFAULT_COMMISSION_PERCENTAGE),
    status: text().notNull().default("pending"),
    linkFollowedAt: timestamp({ withTimezone: true }),
    subscriptionDate: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("affiliate_referrals_not_self_check", sql`${t.referrerId} <> ${t.referredId}`),
    check(
      "affiliate_referrals_commission_check",
      sql`${t.commissionPercentage} >= 0 and ${t.commissionPercentage} <= 100`,
    ),
    uniqueIndex("affiliate_referrals_referred_unique").on(t.referredId),
    index("affiliate_referrals_referrer_created_idx").on(t.referrerId, t.createdAt.desc().nullsFirst()),
  ],
);

/** A request to pay out a member's available balance. At most one `requested` payout per member. */
export const affiliatePayouts = pgTable(
  "affiliate_payouts",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    amountMinor: integer().notNull(),
    currency: char({ length: 3 }).notNull().default(AFFILIATE_CURRENCY),
    payoutMethod: text({ enum: PAYOUT_METHODS }).notNull().default("bank_transfer"),
    /** The full details, sealed for this row under a key derived from APP_SECRET; never sent to a client. */
    payoutDetailsEncrypted: text().notNull(),
    /** What may be shown, e.g. {"accountNumber":"****5678"}. */
    payoutDetailsMasked: jsonb().$type<Record<string, string>>().notNull(),
    status: text().notNull().default("requested"),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
    adminNotes: text(),
  },
  (t) => [
    check("affiliate_payouts_method_check", sql`${t.payoutMethod} in ('bank_transfer', 'paypal')`),
    check("affiliate_payouts_amount_check", sql`${t.amountMinor} > 0`),
    uniqueIndex("affiliate_payouts_user_requested_unique").on(t.userId).where(sql`${t.status} = 'requested'`),
    index("affiliate_payouts_user_requested_at_idx").on(t.userId, t.requestedAt.desc().nullsFirst()),
  ],
);

/** Commission earned on one paid invoice of a referred member; `payout_id` is set once paid out. */
export const affiliateEarnings = pgTable(
  "affiliate_earnings",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    referralId: uuid().references(() => affiliateReferrals.id, { onDelete: "set null" }),
    invoiceId: text().notNull(),
    amountMinor: integer().notNull(),
    currency: char({ length: 3 }).notNull().default(AFFILIATE_CURRENCY),
    status: text().notNull().default("pending"),
    payoutId: uuid().references(() => affiliatePayouts.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("affiliate_earnings_amount_check", sql`${t.amountMinor} >= 0`),
    uniqueIndex("affiliate_earnings_invoice_unique").on(t.invoiceId),
    index("affiliate_earnings_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("affiliate_earnings_referral_idx").on(t.referralId),
    index("affiliate_earnings_payout_idx").on(t.payoutId),
  ],
);
