import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { enrolAuthenticator } from "./support/api-steps.ts";
import { Authenticator, unlockAdminPanel } from "./support/authenticator.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { E2E_ADMIN_EMAILS } from "./support/constants.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { registerMember, withoutGreeting } from "./support/member-steps.ts";
import { resetLinkFor, verifyLinkFor } from "./support/outbox.ts";

/** Set E2E_SCREENSHOTS to a folder to keep each new screen at a phone's width (360 px) and a desktop's (1280 px). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

async function screenshots(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize(size);
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The first step of the sign-in, on the auth screen; a member with a second factor is then asked for it. */
async function signInWithPassword(page: Page, member: { email: string; password: string }) {
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
}

test("an administrator sets up an authenticator app from the unlock screen, signs in with a code or a recovery code and unlocks the panel", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await withoutGreeting(context);
  const admin = { ...newMember(), firstName: "Ada", email: E2E_ADMIN_EMAILS.twoFactor };
  const dialog = page.getByRole("dialog", { name: "Security Settings" });
  const section = dialog.getByRole("region", { name: "Authenticator App" });
  let authenticator: Authenticator | undefined;
  let recoveryCodes: string[] = [];

  await test.step("without a second factor the unlock leads to Security settings", async () => {
    await registerMember(page, admin);
    await page.goto(await verifyLinkFor(admin.email));
    await expect(page.getByRole("heading", { name: "E-mail address verified" })).toBeVisible();
    await page.goto("/admin");
    await page.getByRole("textbox", { name: "Password" }).fill(admin.password);
    await page.getByRole("button", { name: "Unlock", exact: true }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "Add an authenticator app or a passkey in Security settings" }),
    ).toBeVisible();
    await screenshots(page, "unlock-needs-second-factor");
    await page.getByRole("link", { name: "Open Security Settings" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(section.getByText("Off", { exact: true })).toBeVisible();
  });

  await test.step("set up: QR code and key, a wrong code, then the app's code", async () => {
    await section.getByRole("button", { name: "Set Up" }).click();
    await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
    const key = ((await section.getByTestId("authenticator-key").textContent()) ?? "").replace(/\s+/g, "");
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
    authenticator = new Authenticator(key);
    await section.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page, "the authenticator app setup");
    await screenshots(page, "authenticator-setup");

    const form = section.getByRole("form", { name: "Confirm your authenticator app" });
    await form.getByLabel("Code from the app").fill("12345");
    await form.getByRole("button", { name: "Turn On" }).click();
    await expect(form.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
    await form.getByLabel("Code from the app").fill(await authenticator.code());
    await form.getByRole("button", { name: "Turn On" }).click();
  });

  await test.step("ten recovery codes, shown once, to copy or download", async () => {
    const codes = section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    recoveryCodes = await codes.allTextContents();
    expect(recoveryCodes[0]).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const download = page.waitForEvent("download");
    await section.getByRole("link", { name: "Download" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("tagit-recovery-codes.txt");
    const text = await readFile(await file.path(), "utf8");
    for (const code of recoveryCodes) expect(text).toContain(code);
    await expectNoSeriousA11yViolations(page, "the recovery codes");
    await screenshots(page, "recovery-codes");
    await section.getByRole("button", { name: "I Have Saved Them" }).click();
    await expect(section.getByText("On", { exact: true })).toBeVisible();
    await expect(section.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
    await page.keyboard.press("Escape");
  });

  await test.step("a password sign-in asks for the code; a wrong one is said on the field", async () => {
    if (!authenticator) throw new Error("set up above");
    await logOut(page);
    await signInWithPassword(page, admin);
    await expectNoSeriousA11yViolations(page, "the sign-in's second step");
    await screenshots(page, "sign-in-second-step");
    const code = page.getByLabel("Authentication code");
    await expect(code).toBeFocused();
    await code.fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code is not right.", { exact: false })).toBeVisible();
    await code.fill(await authenticator.code());
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step("five wrong codes end the sign-in: back to the first step with the reason", async () => {
    await logOut(page);
    await signInWithPassword(page, admin);
    const code = page.getByLabel("Authentication code");
    for (const wrong of ["000001", "000002", "000003", "000004"]) {
      await code.fill(wrong);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByText("That code is not right.", { exact: false })).toBeVisible();
    }
    await code.fill("000005");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Too many wrong codes" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(admin.email);
    await screenshots(page, "sign-in-expired");
  });

  await test.step("a recovery code signs in too, typed in capitals without its dash", async () => {
    await page.getByLabel("Password", { exact: true }).fill(admin.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill((recoveryCodes[0] ?? "").replace("-", "").toUpperCase());
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step("the panel unlocks with the password and a code", async () => {
    if (!authenticator) throw new Error("set up above");
    await page.goto("/admin");
    await expect(page.getByLabel("Authentication code")).toBeVisible();
    await screenshots(page, "unlock-with-code");
    await unlockAdminPanel(page, admin.password, authenticator);
  });

  await test.step("new recovery codes replace the old; one of them turns the app off", async () => {
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Security", exact: true }).click();
    await section.getByRole("button", { name: "New Recovery Codes" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Make New Codes" }).click();
    const codes = section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const fresh = await codes.allTextContents();
    expect(fresh).not.toContain(recoveryCodes[1]);
    await section.getByRole("button", { name: "I Have Saved Them" }).click();

    await section.getByRole("button", { name: "Turn Off" }).click();
    const form = section.getByRole("form", { name: "Turn off the authenticator app" });
    await form.getByRole("button", { name: "Use a recovery code" }).click();
    await form.getByLabel("Recovery code").fill(recoveryCodes[1] ?? "");
    await form.getByRole("button", { name: "Turn Off" }).click();
    await expect(form.getByText("That code is not right.", { exact: false })).toBeVisible();
    await form.getByLabel("Recovery code").fill(fresh[0] ?? "");
    await form.getByRole("button", { name: "Turn Off" }).click();
    await expect(section.getByText("Off", { exact: true })).toBeVisible();
    await expect(section.getByRole("button", { name: "Set Up" })).toBeVisible();
  });
});

test("a password reset asks for the second factor before it signs in", async ({ page, context }) => {
  await withoutGreeting(context);
  const member = newMember();
  await registerMember(page, member);
  const { recoveryCodes } = await enrolAuthenticator(page.context());
  await logOut(page);

  await page.getByRole("link", { name: "Forgot your password?" }).click();
  // The sign-in form has an Email field too: fill the new page's once it is there, not the old one's.
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await page.goto(await resetLinkFor(member.email));
  await page.getByLabel("New Password", { exact: true }).fill("second secret");
  await page.getByLabel("Confirm New Password").fill("second secret");
  await page.getByRole("button", { name: "Reset Password" }).click();

  await expect(
    page.getByRole("heading", { level: 1, name: "Password changed: one more step" }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the reset's second step");
  await screenshots(page, "reset-second-step");
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
