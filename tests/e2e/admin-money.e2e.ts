import type { Browser, Page } from "@playwright/test";
import { openAdminPanel } from "./support/admin-steps.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { E2E_ADMIN_EMAILS } from "./support/constants.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { payWithTestCard, registerMember, withoutGreeting } from "./support/member-steps.ts";

/** A friend signs up through the member's referral link and pays for Premium in TEST MODE: £1.20 earned. */
async function referAPayingFriend(page: Page, browser: Browser) {
  await page.goto("/affiliate");
  const link = await page.getByRole("textbox", { name: "Referral link" }).inputValue();
  const friendContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "10.88.1.1" } });
  await withoutGreeting(friendContext);
  const friendPage = await friendContext.newPage();
  const friend = newMember();
  await friendPage.goto(link);
  await friendPage.getByLabel("First Name").fill(friend.firstName);
  await friendPage.getByLabel("Last Name").fill(friend.lastName);
  await friendPage.getByLabel("Email").fill(friend.email);
  await friendPage.getByLabel("Password", { exact: true }).fill(friend.password);
  await friendPage.getByLabel("Confirm Password").fill(friend.password);
  await friendPage.getByRole("button", { name: "Create Account" }).click();
  await expect(friendPage).toHaveURL(/\/dashboard$/);
  await friendPage.goto("/payments");
  await friendPage.getByRole("button", { name: "Subscribe Now" }).click();
  await payWithTestCard(friendPage);
  await expect(friendPage.getByText("Payment Successful")).toBeVisible();
  await friendContext.close();
}

test("an administrator completes a member's payout, the member's page shows it; a cost is added", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  await withoutGreeting(context);
  const member = newMember();
  await registerMember(page, member);
  await referAPayingFriend(page, browser);

  await page.goto("/affiliate");
  await page.getByRole("button", { name: "Request Payout" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Account Holder Name").fill(`${member.firstName} ${member.lastName}`);
  await dialog.getByLabel("Sort Code").fill("12-34-56");
  await dialog.getByLabel("Account Number").fill("12345678");
  await dialog.getByRole("button", { name: "Request Payout" }).click();
  await expect(page.getByText("Payout Requested").first()).toBeVisible();

  // The administrator, in their own browser.
  const adminContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "10.88.1.2" } });
  const admin = await adminContext.newPage();
  await openAdminPanel(admin, E2E_ADMIN_EMAILS.money, "affiliate");
  const payouts = admin.getByRole("table", { name: "Payouts" });
  const row = payouts.getByRole("row").filter({ hasText: member.lastName });
  await expect(row).toContainText("£1.20");
  // The payout details are in the row's Details at this width (the columns that do not fit move there).
  await payouts
    .getByRole("button", { name: `Details of ${member.firstName} ${member.lastName}'s payout`, exact: true })
    .click();
  await expect(payouts).toContainText("****5678");
  await expect(payouts).not.toContainText("12345678");
  await expect(admin.getByText("Pending payouts")).toBeVisible();
  await expectNoSeriousA11yViolations(admin, "the Affiliate System section");

  await row.getByRole("button", { name: /Mark .* payout completed/ }).click();
  const confirm = admin.getByRole("alertdialog");
  await confirm.getByLabel("Note (optional)").fill("Paid by bank transfer");
  await confirm.getByRole("button", { name: "Mark Completed" }).click();
  await expect(admin.getByText("Payout Completed").first()).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.reload();
  const recent = page.getByRole("listitem").filter({ hasText: "£1.20" });
  await expect(recent.getByText("Completed")).toBeVisible();
  await page.getByRole("tab", { name: "Payouts" }).click();
  await expect(page.getByRole("tabpanel").getByText("Paid by bank transfer")).toBeVisible();

  // Cost Tracking: Add Entry opens Add New Cost; the table shows two decimals and the currency. Other
  // journeys record costs too: this one's has a service of its own, searched for, in a currency of its own.
  const service = `Hosting ${member.lastName}`;
  await admin
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Cost Tracking" })
    .click();
  await admin.getByLabel("Search Cost Tracking").fill(service);
  await expect(admin.getByText("No costs recorded yet")).toBeVisible();
  await expectNoSeriousA11yViolations(admin, "the Cost Tracking section");
  await admin.getByRole("button", { name: "Add Entry" }).click();
  const add = admin.getByRole("dialog", { name: "Add New Cost" });
  await add.getByRole("button", { name: "Add Cost" }).click();
  await expect(add.getByText("Service is required")).toBeVisible();
  await add.getByLabel("Service").fill(service);
  await add.getByLabel("Description").fill("Server for the month");
  await add.getByLabel("Amount").fill("12.5");
  await add.getByLabel("Currency").fill("CHF");
  await add.getByLabel("Category").fill("Infrastructure");
  await expect(add.getByLabel("Date")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expectNoSeriousA11yViolations(admin, "the Add New Cost dialog");
  await add.getByRole("button", { name: "Add Cost" }).click();
  await expect(admin.getByText("Cost Added").first()).toBeVisible();
  const costs = admin.getByRole("table", { name: "Costs" });
  await expect(costs.getByRole("row").filter({ hasText: service })).toContainText("12.50 CHF");
  await expect(admin.getByTestId("costs-total")).toContainText("12.50 CHF");

  // Edit opens the same dialog prefilled; Delete asks first; the total follows both.
  await costs.getByRole("button", { name: `Edit ${service}, 12.50 CHF`, exact: false }).click();
  const edit = admin.getByRole("dialog", { name: "Edit Cost" });
  await expect(edit.getByLabel("Amount")).toHaveValue("12.50");
  await edit.getByLabel("Amount").fill("20");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(admin.getByText("Cost Updated").first()).toBeVisible();
  await expect(admin.getByTestId("costs-total")).toContainText("20.00 CHF");
  await costs.getByRole("button", { name: `Delete ${service}, 20.00 CHF`, exact: false }).click();
  const confirmDelete = admin.getByRole("alertdialog", { name: "Delete Cost" });
  await expect(confirmDelete.getByText("no longer count it")).toBeVisible();
  await expectNoSeriousA11yViolations(admin, "the Delete Cost confirmation");
  await confirmDelete.getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByText("Cost Deleted").first()).toBeVisible();
  await expect(admin.getByTestId("costs-total")).not.toContainText("CHF");
  await expect(admin.getByText("No costs recorded yet")).toBeVisible();
  await adminContext.close();
});
