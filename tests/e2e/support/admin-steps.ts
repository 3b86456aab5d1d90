import { expect, type Page } from "@playwright/test";
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
} as const;

/**
 * Registers the administrator with that address, verifies it from the e-mail and unlocks the admin panel on
 * `section` (`/admin?section=…`). Answers the administrator's details.
 */
export async function openAdminPanel(page: Page, email: string, section = "taggs") {
  const admin = { ...newMember(), email };
  await withoutGreeting(page.context());
  await registerMember(page, admin);
  await page.goto(await verifyLinkFor(email));
  // The page confirms the link itself once it has loaded: leaving before it answers can cancel the check.
  await expect(page.getByRole("heading", { name: "E-mail address verified" })).toBeVisible();
  await page.goto(`/admin?section=${section}`);
  await page.getByRole("textbox", { name: "Password" }).fill(admin.password);
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByRole("button", { name: "Lock" })).toBeVisible();
  return admin;
}
