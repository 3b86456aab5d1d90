import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { closeWithEscape, registerMember, withoutGreeting } from "./support/member-steps.ts";

/**
 * Chromium's virtual authenticator stands in for a phone or a laptop's fingerprint reader: it keeps passkeys
 * (resident keys), checks its user and answers at once. WebAuthn needs a secure context and a relying party
 * id that is the page's host: the e2e app is served on http://localhost, which counts as secure, and its
 * PUBLIC_URL (where the relying party id comes from) names the same host.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test("a member adds a passkey in Security Settings, signs in with it alone and as the second step, then removes it", async ({
  page,
  context,
}) => {
  await withoutGreeting(context);
  const member = newMember();
  const authenticator = await addVirtualAuthenticator(page);
  await registerMember(page, member);
  const dialog = page.getByRole("dialog", { name: "Security Settings" });
  const passkeys = dialog.getByRole("region", { name: "Passkeys" });
  const addForm = passkeys.getByRole("form", { name: "Add a passkey" });
  const openSecurity = async () => {
    await page.getByRole("button", { name: "Security", exact: true }).click();
    await expect(passkeys.getByRole("heading", { name: "Passkeys" })).toBeVisible();
  };

  await test.step("no passkeys yet; the name is suggested from the browser and device", async () => {
    await openSecurity();
    await expect(passkeys.getByText("You have no passkeys yet.")).toBeVisible();
    await expect(addForm.getByLabel("Passkey name")).toHaveValue("Chrome on Linux");
    await passkeys.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page, "the Passkeys section of Security Settings");
  });

  await test.step("closing the browser's prompt adds nothing and says so quietly", async () => {
    await page.evaluate(() => {
      const create = navigator.credentials.create.bind(navigator.credentials);
      navigator.credentials.create = () => {
        navigator.credentials.create = create;
        return Promise.reject(
          new DOMException("The operation either timed out or was not allowed.", "NotAllowedError"),
        );
      };
    });
    await addForm.getByRole("button", { name: "Add a Passkey" }).click();
    await expect(addForm.getByRole("status")).toHaveText("No passkey was added.");
    await expect(page.getByText("Passkey Not Added")).toHaveCount(0);
    await expect(passkeys.getByText("You have no passkeys yet.")).toBeVisible();
  });

  await test.step("an empty name is refused before the browser is asked", async () => {
    await addForm.getByLabel("Passkey name").fill("   ");
    await addForm.getByRole("button", { name: "Add a Passkey" }).click();
    await expect(addForm.getByText("Give this passkey a name")).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(0);
  });

  await test.step("add a passkey: it is listed, never used yet", async () => {
    await addForm.getByLabel("Passkey name").fill("Work laptop");
    await addForm.getByRole("button", { name: "Add a Passkey" }).click();
    await expect(page.getByText("“Work laptop” can now sign you in.", { exact: false })).toBeVisible();
    const item = passkeys.getByRole("listitem").filter({ hasText: "Work laptop" });
    await expect(item).toContainText("Never used");
    await expect(passkeys.getByRole("listitem")).toHaveCount(1);
    await expect(addForm.getByRole("status")).toHaveText("");
    expect(await authenticator.credentials()).toHaveLength(1);
    await expectNoSeriousA11yViolations(page, "the Passkeys section with a passkey");
    await closeWithEscape(page, dialog);
  });

  await test.step("sign out, then sign in with the passkey alone", async () => {
    await logOut(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByRole("heading", { level: 1, name: `${member.firstName} ${member.lastName}` }),
    ).toBeVisible();
    await openSecurity();
    await expect(passkeys.getByRole("listitem").filter({ hasText: "Work laptop" })).toContainText(
      "last used",
    );
    await closeWithEscape(page, dialog);
  });

  await test.step("a password sign-in now asks for the second step; the passkey answers it", async () => {
    await logOut(page);
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step("remove the passkey after confirming: the list is empty again", async () => {
    await openSecurity();
    await passkeys.getByRole("button", { name: /^Remove Work laptop/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove this passkey?" });
    await expect(confirm).toContainText("“Work laptop” will no longer sign you in.");
    await confirm.getByRole("button", { name: "Remove Passkey" }).click();
    await expect(page.getByText("“Work laptop” can no longer sign you in.", { exact: false })).toBeVisible();
    await expect(passkeys.getByText("You have no passkeys yet.")).toBeVisible();
    await closeWithEscape(page, dialog);
  });

  await test.step("without a passkey the password signs in at once again", async () => {
    await logOut(page);
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test("a browser that cannot make passkeys is told so instead of being offered the form", async ({
  page,
  context,
}) => {
  await withoutGreeting(context);
  await context.addInitScript(() => Reflect.deleteProperty(window, "PublicKeyCredential"));
  // The sign-in card says so in the passkey button's place, so nothing on the card moves once the page runs.
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: "No passkeys in this browser" })).toBeDisabled();
  await registerMember(page, newMember());
  await page.getByRole("button", { name: "Security", exact: true }).click();
  const passkeys = page
    .getByRole("dialog", { name: "Security Settings" })
    .getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByText("This browser cannot make passkeys.", { exact: false })).toBeVisible();
  await expect(passkeys.getByRole("form", { name: "Add a passkey" })).toHaveCount(0);
  await expect(passkeys.getByText("You have no passkeys yet.")).toBeVisible();
});
