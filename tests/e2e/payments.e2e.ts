import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { payWithTestCard, registerMember, withoutGreeting } from "./support/member-steps.ts";

/** From /payments: Subscribe Now, then the TEST MODE card form with the given card. */
async function payWith(page: Page, cardNumber: string) {
  await page.goto("/payments");
  await expect(page.getByRole("heading", { name: "Upgrade to Premium" })).toBeVisible();
  await expect(page.getByText("GBP 12", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  await expect(page.getByText("TEST MODE")).toBeVisible();
  await payWithTestCard(page, cardNumber);
}

test.describe("Premium payments (test provider)", () => {
  test("a free member pays with 4242… and sees the Premium badge on the dashboard", async ({
    page,
    context,
  }) => {
    await withoutGreeting(context);
    await registerMember(page, newMember());
    await expect(page.getByText("Free Member")).toBeVisible();

    await payWith(page, "4242 4242 4242 4242");
    await expect(page.getByText("Payment Successful")).toBeVisible();
    await expect(page.getByText("Welcome to Premium! Redirecting to dashboard...")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Premium Member")).toBeVisible();

    // Back on /payments the plan reads Premium Active and offers cancelling instead of buying.
    await page.goto("/payments");
    await expect(page.getByText("Premium Active")).toBeVisible();
    await expect(page.getByRole("button", { name: "Subscribe Now" })).toHaveCount(0);
    await page.getByRole("button", { name: "Cancel at period end" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel at period end" }).click();
    await expect(page.getByText("Subscription Cancelled")).toBeVisible();
    // The end date comes from the profile, so it is still there after a reload, here and on the dashboard.
    await page.reload();
    const endsOn = page.getByRole("status").filter({ hasText: /Premium until (.+)\. It will not renew\./ });
    await expect(endsOn).toBeVisible();
    const endDate = /Premium until (.+)\. It will not renew/.exec((await endsOn.textContent()) ?? "")?.[1];
    await expect(page.getByText("Premium Active")).toBeVisible();
    await page.goto("/dashboard");
    await expect(page.getByText(`Premium until ${endDate}`)).toBeVisible();

    // Resumed before the end: it renews again, and nothing was charged twice (one receipt).
    await page.goto("/payments");
    await page.getByRole("button", { name: "Resume Premium" }).click();
    await expect(page.getByText("Subscription Resumed")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: `Renews on ${endDate}.` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel at period end" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/payments (Premium)");

    const receipts = page.getByRole("list", { name: "Invoices" }).getByRole("listitem");
    await expect(receipts).toHaveCount(1);
    await expect(receipts.first()).toContainText("£12.00");
    await expect(receipts.first()).toContainText("Paid");
    const receiptUrl = await receipts.first().getByRole("link").getAttribute("href");
    await page.goto(receiptUrl ?? "");
    await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible();
    await expect(page.getByText("Amount paid")).toBeVisible();
    await expect(page.getByText("Visa ending in 4242")).toBeVisible();
    await expect(page.getByRole("button", { name: "Print receipt" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/payments/receipts/:id");
  });

  test("an unknown card is told which cards test mode takes; a declined one shows Payment Failed and the member stays free", async ({
    page,
    context,
  }) => {
    await withoutGreeting(context);
    await registerMember(page, newMember());

    // A real card that is not a test card: the server's answer says which cards TEST MODE takes.
    await payWith(page, "4111 1111 1111 1111");
    await expect(
      page.getByText("In test mode use 4242 4242 4242 4242 (pays)", { exact: false }),
    ).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);

    await payWith(page, "4000 0000 0000 0002");
    await expect(page.getByText("Payment Failed")).toBeVisible();
    await expect(page.getByText("Your card was declined.")).toBeVisible();
    await expect(page).toHaveURL(/\/payments$/);

    await page.getByRole("button", { name: "Back to Plans" }).click();
    await expect(page.getByRole("button", { name: "Subscribe Now" })).toBeEnabled();
    await page.goto("/dashboard");
    await expect(page.getByText("Free Member")).toBeVisible();
  });

  test("a visitor who tries to subscribe is sent to sign in", async ({ page }) => {
    await page.goto("/payments");
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect(page.getByText("Authentication Required")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
