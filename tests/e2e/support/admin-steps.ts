import { expect, type Page } from "@playwright/test";
import { enrolAuthenticator, unlockAdminPanel } from "./authenticator.ts";
import { newMember } from "./fixtures.ts";
import { registerMember, withoutGreeting } from "./member-steps.ts";
import { verifyLinkFor } from "./outbox.ts";

/**
 * The addresses playwright.config.ts lists in ADMIN_EMAILS: each is an administrator once verified. One run
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
  layout: "layout.admin@e2e.tagit.test",
  affiliateSettings: "affiliate-settings.admin@e2e.tagit.test",
  reportSettings: "report-settings.admin@e2e.tagit.test",
} as const;

/**
 * Registers the administrator with that address, verifies it from the e-mail, sets up their authenticator app
 * (the unlock needs a second factor) and unlocks the admin panel on `section` (`/admin?section=…`) with the
 * password and a code. Answers the administrator's details, their app and recovery codes.
 */
export async function openAdminPanel(page: Page, email: string, section = "taggs") {
  const admin = { ...newMember(), email };
  await withoutGreeting(page.context());
  await registerMember(page, admin);
  await page.goto(await verifyLinkFor(email));
  // The page confirms the link itself once it has loaded: leaving before it answers can cancel the check.
  await expect(page.getByRole("heading", { name: "E-mail address verified" })).toBeVisible();
  const { authenticator, recoveryCodes } = await enrolAuthenticator(page);
  await page.goto(`/admin?section=${section}`);
  await unlockAdminPanel(page, admin.password, authenticator);
  return { ...admin, authenticator, recoveryCodes };
}
