import { expect, newMember, test } from "./support/fixtures.ts";
import { payWithTestCard, registerMember, withoutGreeting } from "./support/member-steps.ts";

test("a referred sign-up shows up on the referrer's affiliate page, and earns commission once they pay", async ({
  page,
  context,
  browser,
}) => {
  await withoutGreeting(context);
  await registerMember(page, newMember());
  await page.goto("/affiliate");
  await expect(page.getByRole("heading", { name: "Affiliate Program" })).toBeVisible();
  await expect(
    page.getByText("Earn 10% commission for every user you refer who subscribes to Premium!"),
  ).toBeVisible();
  const link = await page.getByRole("textbox", { name: "Referral link" }).inputValue();
  expect(link).toMatch(/\/auth\?ref=[A-Z2-9]{8}$/);

  // The friend follows the link in their own browser and signs up, then pays in TEST MODE.
  const friendContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "10.88.0.1" } });
  await withoutGreeting(friendContext);
  const friendPage = await friendContext.newPage();
  const friend = newMember();
  await friendPage.goto(link);
  // A referral link opens the create-account form with the invitation shown.
  await expect(friendPage.getByText("You were invited with referral code")).toBeVisible();
  await friendPage.getByLabel("First Name").fill(friend.firstName);
  await friendPage.getByLabel("Last Name").fill(friend.lastName);
  await friendPage.getByLabel("Email").fill(friend.email);
  await friendPage.getByLabel("Password", { exact: true }).fill(friend.password);
  await friendPage.getByLabel("Confirm Password").fill(friend.password);
  await friendPage.getByRole("button", { name: "Create Account" }).click();
  await expect(friendPage).toHaveURL(/\/dashboard$/);

  await page.reload();
  const referrals = page.getByRole("tabpanel");
  await expect(referrals.getByText(`${friend.firstName} ${friend.lastName}`)).toBeVisible();
  await expect(referrals.getByText("pending", { exact: false })).toBeVisible();

  await friendPage.goto("/payments");
  await friendPage.getByRole("button", { name: "Subscribe Now" }).click();
  await payWithTestCard(friendPage);
  await expect(friendPage.getByText("Payment Successful")).toBeVisible();
  await friendContext.close();

  await page.reload();
  await expect(page.getByRole("tabpanel").getByText("confirmed", { exact: false })).toBeVisible();
  await expect(page.getByText("£1.20").first()).toBeVisible();
  await expect(page.getByText("Available for payout at the beginning of next month")).toBeVisible();

  // On a phone every tab is on screen, and the page does not scroll sideways.
  await page.setViewportSize({ width: 360, height: 800 });
  const payoutsTab = page.getByRole("tab", { name: "Payouts (0)" });
  const box = await payoutsTab.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  await payoutsTab.click();
  await expect(page.getByRole("tabpanel").getByText("No payout requests yet")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
