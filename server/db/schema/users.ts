import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { DEFAULT_THEME, DEFAULT_WALLPAPER_POSITION } from "#contract/limits.ts";
import { SUBSCRIPTION_STATUSES } from "#contract/plans.ts";
import { THEMES } from "#contract/themes.ts";
import { updatedAt } from "./columns.ts";
import { taggs } from "./taggs.ts";

export type SocialLinks = {
  platforms: Partial<Record<string, string>>;
  shortcuts: { label: string; url: string; icon?: string }[];
};

export const themeEnum = pgEnum("theme", THEMES);
export const subscriptionStatusEnum = pgEnum("subscription_status", SUBSCRIPTION_STATUSES);

/** A member account. E-mail is stored lower-case; only this row knows it. */
export const profiles = pgTable(
  "profiles",
  {
    id: uuid().primaryKey().defaultRandom(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    /** An address an administrator asked to move the login to; it takes effect only once the member confirms. */
    pendingEmail: text(),
    tagg: text().references(() => taggs.tagg, { onDelete: "set null", onUpdate: "cascade" }),
    /** Null for a profile an administrator created, until the member sets one through the invitation. */
    passwordHash: text(),
    /** When the password was last set (registration, a change, a reset); the security checkup shows its day. */
    passwordChangedAt: timestamp({ withTimezone: true }),
    /** Whether a sign-in from a new network and browser is mailed to the member (they may mute it). */
    newSignInEmails: boolean().notNull().default(true),
    role: text({ enum: ["member", "admin"] })
      .notNull()
      .default("member"),
    bio: text(),
    profilePictureUrl: text(),
    wallpaperUrl: text(),
    wallpaperPosition: text().notNull().default(DEFAULT_WALLPAPER_POSITION),
    socialLinks: jsonb()
      .$type<SocialLinks>()
      .notNull()
      .default(sql`'{"platforms":{},"shortcuts":[]}'::jsonb`),
    theme: themeEnum().notNull().default(DEFAULT_THEME),
    stripeCustomerId: text(),
    stripeSubscriptionId: text(),
    subscriptionStatus: subscriptionStatusEnum().notNull().default("inactive"),
    subscriptionCurrentPeriodEnd: timestamp({ withTimezone: true }),
    subscriptionCancelAtPeriodEnd: boolean().notNull().default(false),
    /** When the provider's newest applied subscription event happened; older events never overwrite it. */
    subscriptionUpdatedAt: timestamp({ withTimezone: true }),
    /** While a renewal is unpaid (past_due): when Premium lapses unless the open invoice is paid. */
    subscriptionLapsesAt: timestamp({ withTimezone: true }),
    /** The brand and last four digits of the card the subscription is charged to, when the provider said. */
    cardBrand: text(),
    cardLast4: text(),
    ipAddress: text(),
    isHidden: boolean().notNull().default(false),
    emailVerified: boolean().notNull().default(false),
    /** The day (UTC) of the member's last signed-in request: never finer, so it cannot time their activity. */
    lastActive: date({ mode: "string" }),
    /** Wrong passwords given to unlock the admin panel since the last right one, and when the last came. */
    adminUnlockFailures: integer().notNull().default(0),
    adminUnlockFailedAt: timestamp({ withTimezone: true }),
    /**
     * What the member has set up as a second factor, kept beside the row the sign-in and the session lookup
     * read anyway (written by the second-factor module with its own tables, in one transaction).
     */
    totpEnabled: boolean().notNull().default(false),
    passkeyCount: integer().notNull().default(0),
    privacyMode: text({ enum: ["show", "hide", "pause"] })
      .notNull()
      .default("show"),
    pauseStartedAt: timestamp({ withTimezone: true }),
    /**
     * When the member's latest data export began (decision 048): the next may begin an hour later. Cleared
     * again when an export fails on our side, so a failure does not cost the member their hour.
     */
    dataExportStartedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("profiles_email_unique").on(t.email),
    uniqueIndex("profiles_tagg_unique").on(t.tagg),
    uniqueIndex("profiles_stripe_customer_unique").on(t.stripeCustomerId),
    index("profiles_last_active_idx").on(t.lastActive),
    // The admin list (decision 024): its keyset order, and its search over these columns (trigram, ILIKE).
    index("profiles_created_id_idx").on(t.createdAt, t.id),
    // Members' rows change all the time (the last-activity stamp, every few minutes per active member): with
    // GIN's pending list those changes pile up unindexed until a vacuum, and the admin search falls back to a
    // sequential scan meanwhile (~100 ms instead of ~4 ms on 100,000 members, decision 024). No pending list.
    index("profiles_search_trgm_idx")
      .using(
        "gin",
        t.tagg.op("gin_trgm_ops"),
        t.firstName.op("gin_trgm_ops"),
        t.lastName.op("gin_trgm_ops"),
        t.email.op("gin_trgm_ops"),
        t.bio.op("gin_trgm_ops"),
      )
      .with({ fastupdate: false }),
    // The admin list's full-name search ("Bea Poster", the names as the table shows them), and its sorts: each
    // sort's keys then (created_at, id), so a sorted page — first or later, either direction — reads one index
    // range (decision 052). Expressions exactly as the list writes them.
    index("profiles_full_name_trgm_idx")
      .using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index("profiles_tagg_sort_idx").on(sql`coalesce(${t.tagg}, '')`, t.createdAt, t.id),
    index("profiles_display_name_sort_idx").on(t.firstName, t.lastName, t.createdAt, t.id),
    index("profiles_last_name_sort_idx").on(t.lastName, t.firstName, t.createdAt, t.id),
    index("profiles_email_sort_idx").on(t.email, t.createdAt, t.id),
    index("profiles_last_active_sort_idx").on(
      sql`coalesce(${t.lastActive}, '-infinity'::date)`,
      t.createdAt,
      t.id,
    ),
  ],
);

export type ProfileRow = typeof profiles.$inferSelect;
