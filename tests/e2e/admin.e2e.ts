import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { createPost, registerMember, withoutGreeting } from "./support/member-steps.ts";
import { verifyLinkFor } from "./support/outbox.ts";

/** The address playwright.config.ts lists in ADMIN_EMAILS: it is an administrator once verified. */
const ADMIN_EMAIL = "admin@e2e.tagit.test";

async function publicSearchCount(page: Page, term: string) {
  const response = await page.request.get(`/api/public/tagged-posts?search=${encodeURIComponent(term)}`);
  return ((await response.json()) as unknown[]).length;
}

test("an administrator unlocks the panel, finds, edits and hides a tagg, and reads the audit log", async ({
  page,
  browser,
}) => {
  const owner = newMember();
  const tagg = `owner_${owner.lastName.slice(-8).toLowerCase()}`;
  const postName = `Harbour ${owner.lastName.slice(-8)}`;

  await test.step("a member with a tagg publishes a post that search finds", async () => {
    const context = await browser.newContext();
    await withoutGreeting(context);
    const ownerPage = await context.newPage();
    await registerMember(ownerPage, owner);
    const claimed = await ownerPage.request.post("/api/me/tagg", {
      data: { tagg },
      headers: { origin: new URL(ownerPage.url()).origin },
    });
    expect(claimed.status()).toBe(200);
    await createPost(ownerPage, postName);
    await context.close();
    expect(await publicSearchCount(page, postName)).toBe(1);
  });

  const admin = { ...newMember(), firstName: "Ada", email: ADMIN_EMAIL };
  await test.step("the administrator verifies their address and unlocks the panel with their password", async () => {
    await withoutGreeting(page.context());
    await registerMember(page, admin);
    await page.goto(await verifyLinkFor(ADMIN_EMAIL));
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/admin unlock form");
    await page.getByRole("textbox", { name: "Password" }).fill("not my password");
    await page.getByRole("button", { name: "Unlock" }).click();
    await expect(page.getByText("Current password is incorrect")).toBeVisible();
    await page.getByRole("textbox", { name: "Password" }).fill(admin.password);
    await page.getByRole("button", { name: "Unlock" }).click();
    await expect(page.getByRole("heading", { name: "Tagit Database", level: 1 })).toBeVisible();
  });

  const table = page.getByRole("table", { name: "Taggs" });
  await test.step("the search box finds the tagg on the server", async () => {
    await page.getByRole("searchbox", { name: "Search Tagit Database" }).fill(tagg.toUpperCase());
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByText("1 tagg", { exact: true })).toBeVisible();
    await expect(table.getByText(`@${tagg}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/admin taggs");
  });

  await test.step("edit the tagg's reason", async () => {
    await table.getByRole("button", { name: `Edit @${tagg}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Tagg" });
    await dialog.getByLabel("Reason").fill("Verified partner");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Tagg Updated")).toBeVisible();
    await expect(table.getByText("Verified partner")).toBeVisible();
  });

  await test.step("hide the tagg: the public search no longer finds its posts", async () => {
    await table.getByRole("button", { name: `Hide @${tagg}` }).click();
    await expect(page.getByText("Visibility Updated")).toBeVisible();
    await expect(table.getByText("Hidden", { exact: true })).toBeVisible();
    expect(await publicSearchCount(page, postName)).toBe(0);
  });

  await test.step("a reload keeps the section and the search", async () => {
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search Tagit Database" })).toHaveValue(
      tagg.toUpperCase(),
    );
    await expect(table.getByText(`@${tagg}`)).toBeVisible();
  });

  await test.step("the audit log shows both writes, filterable by action", async () => {
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Audit Log" })
      .click();
    await expect(page.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();
    const log = page.getByRole("table", { name: "Audit log" });
    await expect(log.getByText(/^reason: .* → Verified partner$/)).toBeVisible();
    await expect(log.getByText("isHidden: false → true")).toBeVisible();
    await expect(page.getByText("2 entries", { exact: true })).toBeVisible();
    await page.getByRole("combobox", { name: "Action" }).click();
    await page.getByRole("option", { name: "Tagg update" }).click();
    await expect(page.getByText("2 entries", { exact: true })).toBeVisible();
    await page.getByLabel("From", { exact: true }).fill("2000-01-01");
    await page.getByLabel("To", { exact: true }).fill("2000-01-02");
    await expect(page.getByText("No admin actions recorded yet")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page.getByText("2 entries", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/admin audit log");
  });

  await test.step("a refused admin session shows Session Expired and the unlock form", async () => {
    const sessionId = await page.evaluate(() => sessionStorage.getItem("tagit.adminSession"));
    await page.evaluate(() => sessionStorage.setItem("tagit.adminSession", "forged-session-id"));
    await page.reload();
    await expect(page.getByText("Please log in to the admin panel again.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Unlock" })).toBeVisible();
    await page.evaluate((id) => sessionStorage.setItem("tagit.adminSession", String(id)), sessionId);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();
  });

  await test.step("lock ends the admin session; the panel asks for the password again", async () => {
    const sessionId = await page.evaluate(() => sessionStorage.getItem("tagit.adminSession"));
    await page.getByRole("button", { name: "Lock" }).click();
    await expect(page.getByRole("button", { name: "Unlock" })).toBeVisible();
    const reused = await page.request.get("/api/admin/taggs", {
      headers: { "x-admin-session": String(sessionId) },
    });
    expect(reused.status()).toBe(403);
  });
});
