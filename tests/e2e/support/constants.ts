import { fileURLToPath } from "node:url";

/** The photo journeys upload (tests/e2e/fixtures/generate-fixtures.ts makes it). */
export const PHOTO = fileURLToPath(new URL("../fixtures/photo.jpg", import.meta.url));

// Overridable so two runs (e.g. two developers' sessions on one machine) do not collide.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".e2e-data";

/** A second app with Stripe configured, talking to the Stripe stand-in (support/stripe-stand-in-server.ts). */
export const E2E_STRIPE_PORT = E2E_PORT + 1;
export const E2E_STRIPE_STAND_IN_PORT = E2E_PORT + 2;
export const E2E_STRIPE_DATA_DIR = `${E2E_DATA_DIR}-stripe`;
/**
 * A third app of its own for the journeys that change what every member sees (terms, banner, popups, affiliate
 * and report settings): they run one at a time there, while every other journey runs beside them on the first.
 */
export const E2E_SITE_SETTINGS_PORT = E2E_PORT + 3;
export const E2E_SITE_SETTINGS_DATA_DIR = `${E2E_DATA_DIR}-site-settings`;

export const E2E_STRIPE = {
  secretKey: "sk_test_e2e_stand_in",
  publishableKey: "pk_test_e2e_stand_in",
  webhookSecret: "whsec_e2e_stand_in",
  priceId: "price_e2e_premium",
} as const;

/**
 * Addresses playwright.config.ts lists in ADMIN_EMAILS: each is an administrator once verified. One run
 * starts on an empty database, so each journey that needs an administrator takes its own address.
 */
export const E2E_ADMIN_EMAILS = {
  panel: "admin@e2e.tagit.test",
  people: "second.admin@e2e.tagit.test",
  content: "content.admin@e2e.tagit.test",
  settings: "settings.admin@e2e.tagit.test",
  money: "money.admin@e2e.tagit.test",
  profile: "profile.admin@e2e.tagit.test",
  twoFactor: "two-factor.admin@e2e.tagit.test",
  affiliateSettings: "affiliate-settings.admin@e2e.tagit.test",
  reportSettings: "report-settings.admin@e2e.tagit.test",
} as const;

/** The owner's widths the appeal journey runs at (its panel at the other). */
export const APPEAL_JOURNEY_WIDTHS = [360, 1280] as const;

/** The administrators of one run of the appeal journey: the one who sets the threshold, and the one who decides. */
export const appealAdminEmails = (ownerWidth: number) => ({
  thresholds: `thresholds.${ownerWidth}.admin@e2e.tagit.test`,
  appeals: `appeals.${ownerWidth}.admin@e2e.tagit.test`,
});

/** The administrator of the layout sweep's test of one admin section (or of its list of sections). */
export const layoutAdminEmail = (sectionId: string) => `layout.${sectionId}@e2e.tagit.test`;
