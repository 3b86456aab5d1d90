import type { Browser, Page } from "@playwright/test";
import { openAdminPanel } from "./support/admin-steps.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { E2E_ADMIN_EMAILS } from "./support/constants.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { registerMember, withoutGreeting } from "./support/member-steps.ts";

/** Someone else, in a browser context of their own, presenting their own client address. */
async function otherContext(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: {
      "x-forwarded-for": `10.82.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  });
  await withoutGreeting(context);
  return context;
}

async function openSection(page: Page, label: string) {
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: label }).click();
  await expect(page.getByRole("heading", { name: label, level: 1 })).toBeVisible();
}

test("an administrator manages the terms, a help text, a UI code and What We Do; members see each change", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const baseURL = testInfo.project.use.baseURL;
  const visitorContext = await otherContext(browser, baseURL);
  const visitor = await visitorContext.newPage();

  await test.step("every content section passes axe, before any notice is on screen", async () => {
    await openAdminPanel(page, E2E_ADMIN_EMAILS.content, "help");
    await expect(page.getByRole("table", { name: "Help content" }).getByText("my-posts")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "admin Help Content");
    await openSection(page, "UI Code Management");
    await expect(page.getByRole("table", { name: "UI sections" }).getByText("100009")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "admin UI Code Management");
    await openSection(page, "What We Do");
    await expect(page.getByText(/Welcome to Tagit/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, "admin What We Do");
  });

  await test.step("the Terms section invites creating the terms; /terms says they are not available", async () => {
    await openSection(page, "Terms & Conditions");
    await expect(page.getByText("No terms and conditions yet")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "admin Terms & Conditions (empty)");
    const failedRequests: string[] = [];
    visitor.on("response", (response) => {
      if (response.url().includes("/api/terms") && response.status() >= 400) {
        failedRequests.push(`${response.status()} ${response.url()}`);
      }
    });
    await visitor.goto("/terms");
    await expect(visitor.getByText("Terms and Conditions Not Available")).toBeVisible();
    // No terms yet is an answer, not an error the browser's console would report as a failed request.
    expect(failedRequests).toEqual([]);
  });

  await test.step("the administrator writes the terms, with a live sanitized preview", async () => {
    await page.getByRole("main").getByRole("button", { name: "Create Terms" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Terms" });
    await dialog.getByLabel("Title").fill("Tagit Terms of Use");
    await dialog
      .getByLabel("Content (HTML)")
      .fill('<h2>Fair use</h2><p>Be kind to other members.</p><img src=x onerror="window.hacked=1">');
    await expect(dialog.getByRole("heading", { name: "Fair use" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "Create Terms dialog");
    await dialog.getByRole("button", { name: "Create Terms" }).click();
    await expect(page.getByText("Terms Updated", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { name: "Tagit Terms of Use" })).toBeVisible();

    await visitor.reload();
    await expect(visitor.getByRole("heading", { name: "Tagit Terms of Use" })).toBeVisible();
    await expect(visitor.getByText(/Last updated/)).toBeVisible();
    await expect(visitor.getByText("Be kind to other members.")).toBeVisible();
    expect(await visitor.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    const stored = await (await visitor.request.get("/api/terms")).json();
    expect(stored.content).not.toContain("onerror");
    // A notice fading in or out fails colour contrast mid-animation: check the card once it has gone.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
    await expectNoSeriousA11yViolations(page, "admin Terms & Conditions");
  });

  await test.step("deleting the terms asks first, and /terms says they are not available again", async () => {
    await page.getByRole("button", { name: "Delete Terms" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Terms" });
    await expect(confirm.getByText(/This action cannot be undone/)).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Terms Deleted", { exact: true })).toBeVisible();
    await expect(page.getByText("No terms and conditions yet")).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByText("Terms and Conditions Not Available")).toBeVisible();
  });

  await test.step("the administrator edits the help text of My Tagged Posts", async () => {
    await openSection(page, "Help Content");
    await page.getByRole("searchbox", { name: "Search Help Content" }).fill("my-posts");
    const table = page.getByRole("table", { name: "Help content" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await table.getByRole("button", { name: "Edit help for my-posts" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Help Content" });
    await expect(dialog.getByLabel("Section Name")).toHaveAttribute("readonly", "");
    await dialog.getByLabel("Title").fill("Your posts, explained");
    await dialog.getByLabel("Content").fill("Every post you published.\nOpen one to share it.");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Help Content Updated", { exact: true })).toBeVisible();
    await expect(table.getByText("Your posts, explained")).toBeVisible();
  });

  await test.step("the administrator gives My Posts a new UI code", async () => {
    await openSection(page, "UI Code Management");
    await expect(page.getByText("Total Sections")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search UI Code Management" }).fill("my-posts");
    const table = page.getByRole("table", { name: "UI sections" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table.getByRole("link", { name: "Open /dashboard in a new tab" })).toHaveAttribute(
      "target",
      "_blank",
    );
    await table.getByRole("button", { name: "Edit my-posts" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit UI Section" });
    await dialog.getByLabel("Code").fill("100001");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByText("Another section already uses this code")).toBeVisible();
    await dialog.getByLabel("Code").fill("100044");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("UI Section Updated", { exact: true })).toBeVisible();
    await expect(table.getByText("100044")).toBeVisible();
  });

  await test.step("the administrator rewrites What We Do", async () => {
    await openSection(page, "What We Do");
    await page.getByRole("button", { name: "Edit What We Do" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit What We Do" });
    await dialog.getByLabel("Content").fill("Tagit: posts only the people you tell can find.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("What We Do Updated", { exact: true })).toBeVisible();
  });

  await test.step("a member's help dialog shows the new text and code, and What We Do the new text", async () => {
    await registerMember(visitor, newMember());
    await visitor.getByRole("button", { name: "Help: My tagged posts" }).click();
    const help = visitor.getByRole("dialog", { name: "Your posts, explained" });
    await expect(help.getByText(/Every post you published\./)).toBeVisible();
    await expect(help.getByText("100044")).toBeVisible();
    await help.getByRole("button", { name: "Close" }).first().click();
    await visitor.getByRole("button", { name: "What We Do" }).click();
    await expect(
      visitor
        .getByRole("dialog", { name: "What We Do" })
        .getByText("Tagit: posts only the people you tell can find."),
    ).toBeVisible();
  });
  await visitorContext.close();
});
