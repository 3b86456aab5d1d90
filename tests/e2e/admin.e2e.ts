import type { Browser, Page } from "@playwright/test";
import { giveReason, openAdminPanel } from "./support/admin-steps.ts";
import { enrolAuthenticator } from "./support/api-steps.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { E2E_ADMIN_EMAILS } from "./support/constants.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { createPost, registerMember, withoutGreeting } from "./support/member-steps.ts";
import { resetLinkFor, verifyLinkFor } from "./support/outbox.ts";

const ADMIN_EMAIL = E2E_ADMIN_EMAILS.panel;

async function publicSearchCount(page: Page, term: string) {
  const response = await page.request.get(`/api/public/tagged-posts?search=${encodeURIComponent(term)}`);
  return ((await response.json()) as unknown[]).length;
}

/** A separate member in a browser context of their own, presenting their own client address. */
async function memberContext(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: {
      "x-forwarded-for": `10.81.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  });
  await withoutGreeting(context);
  return context;
}

test("an administrator unlocks the panel, edits and hides a tagg, reviews a report, runs a cleanup and reads the audit log", async ({
  page,
  browser,
}, testInfo) => {
  // Hiding the tagg now asks for its reason (and checks that dialog with axe): on a busy two-core machine the
  // journey takes about two and a half minutes.
  test.setTimeout(180_000);
  const owner = newMember();
  const tagg = `owner_${owner.lastName.slice(-8).toLowerCase()}`;
  const postName = `Harbour ${owner.lastName.slice(-8)}`;

  const baseURL = testInfo.project.use.baseURL;
  let postId = "";
  await test.step("a member with a tagg publishes a post that search finds, and another member reports it", async () => {
    const context = await memberContext(browser, baseURL);
    const ownerPage = await context.newPage();
    await registerMember(ownerPage, owner);
    const claimed = await ownerPage.request.post("/api/me/tagg", {
      data: { tagg },
      headers: { origin: new URL(ownerPage.url()).origin },
    });
    expect(claimed.status()).toBe(200);
    await createPost(ownerPage, postName);
    postId =
      ((await (await ownerPage.request.get("/api/tagged-posts")).json()) as { id: string }[])[0]?.id ?? "";
    await context.close();
    expect(await publicSearchCount(page, postName)).toBe(1);

    const reporterContext = await memberContext(browser, baseURL);
    const reporterPage = await reporterContext.newPage();
    await registerMember(reporterPage, newMember());
    const report = await reporterPage.request.post(`/api/tagged-posts/${postId}/report`, {
      data: { reason: "spam" },
      headers: { origin: new URL(reporterPage.url()).origin },
    });
    expect(report.status()).toBe(201);
    await reporterContext.close();
  });

  const admin = { ...newMember(), firstName: "Ada", email: ADMIN_EMAIL };
  await test.step("the administrator verifies their address and unlocks the panel with their password and a code", async () => {
    await withoutGreeting(page.context());
    await registerMember(page, admin);
    await page.goto(await verifyLinkFor(ADMIN_EMAIL));
    // The page confirms the link itself once it has loaded: leaving before it answers can cancel the check.
    await expect(page.getByRole("heading", { name: "E-mail address verified" })).toBeVisible();
    const { authenticator } = await enrolAuthenticator(page.context());
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/admin unlock form");
    const code = page.getByLabel("Authentication code");
    await page.getByRole("textbox", { name: "Password" }).fill("not my password");
    await code.fill(await authenticator.code());
    await page.getByRole("button", { name: "Unlock", exact: true }).click();
    await expect(page.getByText("Current password is incorrect")).toBeVisible();
    await page.getByRole("textbox", { name: "Password" }).fill(admin.password);
    await code.fill(await authenticator.code());
    await page.getByRole("button", { name: "Unlock", exact: true }).click();
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
    // The reason is in the row's Details at this width (the columns that do not fit move there).
    await table.getByRole("button", { name: `Details of @${tagg}` }).click();
    await expect(table.getByText("Verified partner")).toBeVisible();
  });

  await test.step("hide the tagg with a reason: the public search no longer finds its posts", async () => {
    await table.getByRole("button", { name: `Hide @${tagg}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Hide Tagg" });
    await dialog.getByRole("button", { name: "Hide", exact: true }).click();
    await expect(dialog.getByText("Choose the reason for this decision")).toBeVisible();
    await giveReason(dialog, "Impersonation", "This tagg copies a brand's name.");
    await expect(dialog.getByText(/^Rule: Do not pretend to be another person/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/admin hide tagg dialog");
    await dialog.getByRole("button", { name: "Hide", exact: true }).click();
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

  const nav = page.getByRole("navigation", { name: "Admin sections" });
  await test.step("review the reported post and dismiss its reports", async () => {
    await nav.getByRole("link", { name: "Reported Posts" }).click();
    await expect(page.getByRole("heading", { name: "Reported Posts", level: 1 })).toBeVisible();
    // Other journeys report posts too: the queue is searched for this journey's post.
    await page.getByRole("searchbox", { name: "Search Reported Posts" }).fill(postName);
    const queue = page.getByRole("table", { name: "Reported posts" });
    // Until the search's answer arrives the whole queue shows, other journeys' reported posts too.
    await expect(page.getByText("1 reported post", { exact: true })).toBeVisible();
    await expect(queue.getByText(postName)).toBeVisible();
    // The reporter's account is new and unverified: the report is shown, but does not count.
    await expect(queue.getByText("0 counted of 1 report", { exact: true })).toBeVisible();
    await expect(queue.getByText("Spam or scam ×1")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/admin reported posts");
    await queue.getByRole("button", { name: `Dismiss the reports of ${postName}` }).click();
    await expect(page.getByText("Reports Dismissed")).toBeVisible();
    await expect(page.getByText("No reported posts found.")).toBeVisible();
  });

  await test.step("the profiles and tagged posts sections list the member and the post", async () => {
    await nav.getByRole("link", { name: "Profile Database" }).click();
    await page.getByRole("searchbox", { name: "Search Profile Database" }).fill(owner.email);
    await expect(page.getByRole("table", { name: "Profiles" }).getByText(`@${tagg}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/admin profiles");
    await nav.getByRole("link", { name: "Tagged Posts" }).click();
    await page.getByRole("searchbox", { name: "Search Tagged Posts" }).fill(postName);
    await expect(page.getByRole("table", { name: "Tagged posts" }).getByText(postName)).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/admin tagged posts");
  });

  await test.step("run a cleanup search", async () => {
    await nav.getByRole("link", { name: "Data Cleanup" }).click();
    await page.getByRole("combobox", { name: "Database" }).click();
    await page.getByRole("option", { name: "Sessions" }).click();
    await page.getByRole("combobox", { name: "Inactive for" }).click();
    await page.getByRole("option", { name: "30 days or more" }).click();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(
      page.getByRole("heading", { name: /Sessions inactive for 30 days or more: 0 items/ }),
    ).toBeVisible();
    await expect(page.getByText("Nothing to clean up")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/admin data cleanup");
  });

  await test.step("the audit log shows the writes, filterable by action", async () => {
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Audit Log" })
      .click();
    await expect(page.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();
    const log = page.getByRole("table", { name: "Audit log" });
    await expect(log.getByText(/^reason: .* → Verified partner$/)).toBeVisible();
    await expect(log.getByText("isHidden: false → true")).toBeVisible();
    // Other admin journeys of the run write to the same log: count this administrator's entries.
    const onlyThisAdmin = async () => {
      await page.getByRole("combobox", { name: "Actor" }).click();
      await page.getByRole("option", { name: `${admin.firstName} ${admin.lastName}` }).click();
    };
    await onlyThisAdmin();
    await expect(page.getByText("3 entries", { exact: true })).toBeVisible();
    await page.getByRole("combobox", { name: "Action" }).click();
    await page.getByRole("option", { name: "Tagg update" }).click();
    await expect(page.getByText("2 entries", { exact: true })).toBeVisible();
    await page.getByLabel("From", { exact: true }).fill("2000-01-01");
    await page.getByLabel("To", { exact: true }).fill("2000-01-02");
    await expect(page.getByText("No admin actions recorded yet")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page.getByRole("combobox", { name: "Actor" })).toHaveText("Everyone");
    await onlyThisAdmin();
    await expect(page.getByText("3 entries", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/admin audit log");
  });

  await test.step("a refused admin session shows Session Expired and the unlock form", async () => {
    const sessionId = await page.evaluate(() => localStorage.getItem("tagit.adminSession"));
    await page.evaluate(() => localStorage.setItem("tagit.adminSession", "forged-session-id"));
    await page.reload();
    await expect(page.getByText("Please log in to the admin panel again.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Unlock" })).toBeVisible();
    await page.evaluate((id) => localStorage.setItem("tagit.adminSession", String(id)), sessionId);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();
  });

  await test.step("one unlock serves a second tab; lock ends the admin session in every tab", async () => {
    const sessionId = await page.evaluate(() => localStorage.getItem("tagit.adminSession"));
    const otherTab = await page.context().newPage();
    await otherTab.goto(page.url());
    await expect(otherTab.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Lock" }).click();
    await expect(page.getByRole("button", { name: "Unlock" })).toBeVisible();
    await expect(otherTab.getByRole("button", { name: "Unlock" })).toBeVisible();
    await otherTab.close();
    const reused = await page.request.get("/api/admin/taggs", {
      headers: { "x-admin-session": String(sessionId) },
    });
    expect(reused.status()).toBe(403);
  });
});

test("an administrator adds a tagg and a profile by invitation, deletes the member's post, the profile and a tagg", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = newMember().lastName.slice(-8).toLowerCase();
  const invited = { firstName: "Lin", lastName: `Invited${suffix}`, email: `lin-${suffix}@e2e.tagit.test` };
  const tagg = `lin_${suffix}`;
  const spareTagg = `spare_${suffix}`;
  const postName = `Lantern ${suffix}`;
  const nav = page.getByRole("navigation", { name: "Admin sections" });

  await test.step("a second administrator unlocks the panel", async () => {
    await openAdminPanel(page, E2E_ADMIN_EMAILS.people);
    await expect(page.getByRole("heading", { name: "Tagit Database", level: 1 })).toBeVisible();
  });

  const addTagg = async (name: string) => {
    await page.getByRole("button", { name: "Add Entry" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Tagg" });
    await dialog.getByLabel("First Name").fill(invited.firstName);
    await dialog.getByLabel("Last Name").fill(invited.lastName);
    await dialog.getByLabel("Tagg").fill(name);
    await dialog.getByLabel("Email").fill(invited.email);
    await dialog.getByRole("button", { name: "Add Tagg" }).click();
    return dialog;
  };

  await test.step("add two taggs; the same tagg again is refused", async () => {
    await addTagg(tagg);
    await expect(page.getByText("Tagg Added")).toBeVisible();
    await addTagg(spareTagg);
    await expect(page.getByText(`@${spareTagg} is registered.`)).toBeVisible();
    const again = await addTagg(tagg);
    await expect(page.getByText("Failed to Add Tagg")).toBeVisible();
    await expect(again.getByText("This tagg is already taken")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/admin add tagg dialog with an error");
    await again.getByRole("button", { name: "Close" }).click();
  });

  await test.step("add a profile for the tagg: the member is invited to set a password", async () => {
    await nav.getByRole("link", { name: "Profile Database" }).click();
    await page.getByRole("button", { name: "Add Entry" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Profile" });
    await dialog.getByLabel("Tagg").fill(tagg);
    await dialog.getByLabel("First Name").fill(invited.firstName);
    await dialog.getByLabel("Last Name").fill(invited.lastName);
    await dialog.getByLabel("Email").fill(invited.email);
    await expectNoSeriousA11yViolations(page, "/admin add profile dialog");
    await dialog.getByRole("button", { name: "Add Profile" }).click();
    await expect(
      page.getByText(`An invitation to set a password was sent to ${invited.email}.`),
    ).toBeVisible();
    await expect(page.getByRole("table", { name: "Profiles" }).getByText(`@${tagg}`)).toBeVisible();
  });

  await test.step("the invited member sets a password from the e-mail and publishes a post", async () => {
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      extraHTTPHeaders: { "x-forwarded-for": `10.82.${Math.floor(Math.random() * 250)}.9` },
    });
    await withoutGreeting(context);
    const member = await context.newPage();
    await member.goto(await resetLinkFor(invited.email));
    await member.getByLabel("New Password", { exact: true }).fill("invited secret");
    await member.getByLabel("Confirm New Password").fill("invited secret");
    await member.getByRole("button", { name: "Reset Password" }).click();
    await expect(member).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    await createPost(member, postName);
    await context.close();
  });

  await test.step("edit the profile's bio", async () => {
    await page.reload();
    const table = page.getByRole("table", { name: "Profiles" });
    await table.getByRole("button", { name: `Edit @${tagg}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Profile" });
    await dialog.getByLabel("Bio").fill("Lights lanterns");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Profile Updated")).toBeVisible();
  });

  await test.step("make the member an administrator, find them by role, and remove the role again", async () => {
    const table = page.getByRole("table", { name: "Profiles" });
    const row = table.getByRole("row").filter({ hasText: `@${tagg}` });
    await table.getByRole("button", { name: `Make Administrator @${tagg}` }).click();
    const grant = page.getByRole("alertdialog", { name: "Make Administrator" });
    await expect(grant.getByText(/authenticator app or a passkey/)).toBeVisible();
    await grant.getByRole("button", { name: "Make Administrator" }).click();
    await expect(page.getByText("Administrator Added")).toBeVisible();
    await expect(row).toContainText("Administrator");

    await page.getByRole("combobox", { name: "Role", exact: true }).click();
    await page.getByRole("option", { name: "Administrators" }).click();
    await expect(row).toBeVisible();
    await table.getByRole("button", { name: `Remove Administrator @${tagg}` }).click();
    await page
      .getByRole("alertdialog", { name: "Remove Administrator" })
      .getByRole("button", { name: "Remove Administrator" })
      .click();
    await expect(page.getByText("Administrator Removed")).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByRole("combobox", { name: "Role", exact: true }).click();
    await page.getByRole("option", { name: "All roles" }).click();
    await expect(row).toContainText("Member");
  });

  await test.step("delete the member's post from Tagged Posts", async () => {
    await nav.getByRole("link", { name: "Tagged Posts" }).click();
    await page.getByRole("searchbox", { name: "Search Tagged Posts" }).fill(postName);
    const table = page.getByRole("table", { name: "Tagged posts" });
    await table.getByRole("button", { name: `Delete ${postName}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Post" });
    await giveReason(dialog);
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("Post Deleted")).toBeVisible();
    await expect(page.getByText("No tagged posts match your search")).toBeVisible();
  });

  await test.step("delete the profile, then the spare tagg", async () => {
    await nav.getByRole("link", { name: "Profile Database" }).click();
    await page.getByRole("button", { name: `Delete @${tagg}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Profile" });
    await expect(confirm.getByText("This action cannot be undone.")).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Profile Deleted")).toBeVisible();

    await nav.getByRole("link", { name: "Tagit Database" }).click();
    await page.getByRole("button", { name: `Delete @${spareTagg}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Tagg" });
    await giveReason(dialog);
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("Tagg Deleted")).toBeVisible();
  });
});
