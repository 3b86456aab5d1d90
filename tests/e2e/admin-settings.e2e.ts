import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { openAdminPanel } from "./support/admin-steps.ts";
import { type Authenticator, signInWithCode, unlockAdminPanel } from "./support/authenticator.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { E2E_ADMIN_EMAILS } from "./support/constants.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { createPost, registerMember, withoutGreeting } from "./support/member-steps.ts";

/** Journeys after these share the database: the free option and the greeting are put back at the end. */
test.describe.configure({ mode: "serial" });

/** The administrator registers (and sets up their app) in the first test; the second signs in with the same account. */
let adminPassword = "";
let adminAuthenticator: Authenticator | undefined;

/** axe reads a toast caught mid-animation as low contrast: checks once the notices have gone. */
async function axeWhenQuiet(page: Page, what: string) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, what);
}

const openSection = (page: Page, label: string) =>
  page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: label }).click();

test("an administrator changes the banner text and the saved-images popup; a member's download uses both at once", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const bannerText = "find me at the harbour";
  const admin = await openAdminPanel(page, E2E_ADMIN_EMAILS.settings, "image-banner");
  adminPassword = admin.password;
  adminAuthenticator = admin.authenticator;
  const text = page.getByLabel("Banner text");
  const update = page.getByRole("button", { name: "Update" });
  const bannerSwitch = page.getByRole("switch", { name: "Show the banner on downloaded images" });

  await test.step("the text and Update are disabled while the banner is off", async () => {
    await expect(page.getByRole("heading", { name: "Image Banner Overlay", level: 1 })).toBeVisible();
    await expect(text).toHaveValue("come see me");
    await axeWhenQuiet(page, "/admin image banner");
    await bannerSwitch.click();
    await expect(bannerSwitch).not.toBeChecked();
    await expect(text).toBeDisabled();
    await expect(update).toBeDisabled();
    await bannerSwitch.click();
    await expect(bannerSwitch).toBeChecked();
    await expect(text).toBeEnabled();
  });

  await test.step("update the banner text", async () => {
    await text.fill(bannerText);
    await expect(page.getByRole("region", { name: "Banner preview" })).toContainText(bannerText);
    await update.click();
    await expect(page.getByText(`Downloads now show "${bannerText}".`)).toBeVisible();
  });

  await test.step("edit the saved-images popup: the preview shows sanitized HTML", async () => {
    await openSection(page, "Saved Images Popup");
    await expect(page.getByRole("heading", { name: "Saved Images Popup", level: 1 })).toBeVisible();
    const content = page.getByLabel("Content");
    await content.fill(
      '<p>Saved! <strong>Share it</strong> <a href="javascript:alert(1)">x</a></p><script>1</script>',
    );
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByText("Share it")).toBeVisible();
    await expect(preview.locator("a[href^='javascript']")).toHaveCount(0);
    await axeWhenQuiet(page, "/admin saved images popup");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("The saved images popup is saved.")).toBeVisible();
    // What is stored is the sanitized HTML, shown back in the editor.
    await expect(content).not.toHaveValue(/script|javascript/);
  });

  await test.step("a member's download draws the new banner text and shows the new popup", async () => {
    const context = await browser.newContext();
    await withoutGreeting(context);
    const member = await context.newPage();
    await registerMember(member, newMember());
    await createPost(member, `Banner walk (Pier)`);
    await member
      .getByRole("region", { name: "My Tagged Posts" })
      .getByRole("button", { name: "Open Pier" })
      .click();
    const dialog = member.getByRole("dialog", { name: "Pier" });
    const banner = member.waitForResponse((response) => response.url().endsWith("/api/image-banner"));
    const downloadEvent = member.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download" }).click();
    expect(await (await banner).json()).toEqual({ text: bannerText, isEnabled: true });
    const download = await downloadEvent;
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const saved = member.getByRole("dialog", { name: "Image Saved!" });
    await expect(saved.getByText("Share it")).toBeVisible();
    await expect(saved.getByText("101")).toBeVisible();
    await context.close();
  });
});

test("popups, AI settings and the free option: saved, followed by members, reachable from the narrow dropdown", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  if (!adminPassword || !adminAuthenticator) throw new Error("the first test registers the administrator");
  await page.setViewportSize({ width: 390, height: 844 });
  await withoutGreeting(page.context());
  await signInWithCode(
    page,
    { email: E2E_ADMIN_EMAILS.settings, password: adminPassword },
    adminAuthenticator,
  );
  await page.goto("/admin?section=taggs");
  await unlockAdminPanel(page, adminPassword, adminAuthenticator);

  /** On a phone a group's sections are listed under its name; on a tablet they are in its submenu. */
  const choose = async (current: string, group: string | null, label: string) => {
    await page.getByRole("button", { name: `Sections: ${current}` }).click();
    const phone = (page.viewportSize()?.width ?? 0) < 640;
    if (group && !phone) await page.getByRole("menuitem", { name: group }).click();
    const menu = group && phone ? page.getByRole("group", { name: group }) : page;
    const item = menu.getByRole("menuitemradio", { name: label, exact: true });
    const box = await item.boundingBox();
    expect(
      (box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= (page.viewportSize()?.width ?? 0),
    ).toBe(true);
    await item.click();
    await expect(page.getByRole("heading", { name: label, level: 1, exact: true })).toBeVisible();
  };

  await test.step("on a phone the Popups & Overlays group of the dropdown, inside the screen, opens the greetings editor", async () => {
    await choose("Tagit Database", "Popups & Overlays", "Greetings Popup");
    const enabled = page.getByRole("switch", { name: "Enabled" });
    const content = page.getByLabel("Content");
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(enabled).toBeChecked();
    const original = await content.inputValue();
    await content.fill("Hello from the team!");
    await expect(preview).toContainText("Hello from the team!");
    await axeWhenQuiet(page, "/admin greetings popup");
    // The member journeys that follow expect the shipped greeting text: only the switch is changed here.
    await content.fill(original);
    await enabled.click();
    await expect(preview).toContainText("Off: members are not greeted.");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("The greetings popup is saved.")).toBeVisible();
    const answer = await page.request.get("/api/greetings-popup");
    expect(await answer.json()).toEqual({ isEnabled: false, content: original.trim() });
  });

  await test.step("on a tablet the same group is a submenu: the hide searches editor", async () => {
    await page.setViewportSize({ width: 800, height: 1000 });
    await choose("Greetings Popup", "Popups & Overlays", "Hide Searches Popup");
    await expect(page.getByRole("region", { name: "Preview" })).toContainText("How to Hide My Searches");
    await axeWhenQuiet(page, "/admin hide searches popup");
    await page.setViewportSize({ width: 390, height: 844 });
  });

  await test.step("AI settings: the free-users switch is disabled while AI is off, and the panel says what they govern", async () => {
    await choose("Hide Searches Popup", null, "AI Settings");
    await expect(page.getByText("No feature of Tagit uses AI yet")).toBeVisible();
    const ai = page.getByRole("switch", { name: "AI enabled" });
    const free = page.getByRole("switch", { name: "Allow free users" });
    await expect(ai).toBeChecked();
    await expect(free).toBeEnabled();
    await axeWhenQuiet(page, "/admin AI settings");
    await free.click();
    await expect(page.getByText("The AI settings are saved.")).toBeVisible();
    await expect(page.getByText("Free members may use it")).toBeVisible();
    await ai.click();
    await expect(free).toBeDisabled();
    await expect(page.getByText("Premium members may not use it")).toBeVisible();
    await ai.click();
    await expect(free).toBeEnabled();
    await free.click();
    await expect(page.getByText("Free members may not use it")).toBeVisible();
  });

  await test.step("Settings: the free option; a member's /payments follows at once", async () => {
    await choose("AI Settings", null, "Settings");
    const freeOption = page.getByRole("switch", { name: "Free option enabled" });
    await expect(freeOption).not.toBeChecked();
    await axeWhenQuiet(page, "/admin settings");
    await freeOption.click();
    await expect(page.getByText("The free option is on.")).toBeVisible();

    const context = await browser.newContext();
    await withoutGreeting(context);
    const member = await context.newPage();
    await registerMember(member, newMember());
    await member.goto("/payments");
    await expect(member.getByText("Free Access Available")).toBeVisible();
    await context.close();
  });

  await test.step("put the shared settings back for the journeys that follow", async () => {
    await page.getByRole("switch", { name: "Free option enabled" }).click();
    await expect(page.getByText("The free option is off.")).toBeVisible();
    await choose("Settings", "Popups & Overlays", "Greetings Popup");
    await page.getByRole("switch", { name: "Enabled" }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("The greetings popup is saved.")).toBeVisible();
  });
});
