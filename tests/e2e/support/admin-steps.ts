import type { Locator, Page } from "@playwright/test";
import { enrolAuthenticator, registerThroughApi, verifyEmailThroughApi } from "./api-steps.ts";
import { unlockAdminPanel } from "./authenticator.ts";
import { expect, newMember } from "./fixtures.ts";
import { withoutGreeting } from "./member-steps.ts";

/**
 * Registers the administrator with that address, verifies it from the e-mail and sets up their authenticator
 * app (the unlock needs a second factor), all through the API; then unlocks the admin panel on `section`
 * (`/admin?section=…`) on screen with the password and a code. Answers the administrator's details, their app
 * and recovery codes.
 */
export async function openAdminPanel(page: Page, email: string, section = "taggs") {
  const context = page.context();
  await withoutGreeting(context);
  const admin = await registerThroughApi(context, { ...newMember(), email });
  await verifyEmailThroughApi(context, email);
  const { authenticator, recoveryCodes } = await enrolAuthenticator(context);
  await page.goto(`/admin?section=${section}`);
  await unlockAdminPanel(page, admin.password, authenticator);
  return { ...admin, authenticator, recoveryCodes };
}

/**
 * Gives a restricting action (delete or hide a post, hide or delete a tagg) its statement of reasons in its
 * dialog: picks `reason`, one of the panel's reasons (a new install starts with "Spam or scam" and others), and writes
 * `words` for the member when given.
 */
export async function giveReason(dialog: Locator, reason = "Spam or scam", words?: string) {
  const select = dialog.getByRole("combobox", { name: "Reason" });
  await select.click();
  await dialog.page().getByRole("option", { name: reason, exact: true }).click();
  await expect(select).toHaveText(reason);
  if (words) await dialog.getByLabel("Explain (shown to the member)").fill(words);
}
