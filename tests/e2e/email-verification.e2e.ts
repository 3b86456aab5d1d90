import { expect, newMember, test } from "./support/fixtures.ts";
import { registerMember, withoutGreeting } from "./support/member-steps.ts";
import { verifyLinkFor } from "./support/outbox.ts";

test("a new member is reminded to verify, asks for a new link and verifies from the e-mail", async ({
  page,
  context,
}) => {
  await withoutGreeting(context);
  const member = newMember();
  const reminder = page.getByRole("complementary", { name: "Verify your e-mail address" });

  await test.step("the dashboard reminds an unverified member", async () => {
    await registerMember(page, member);
    await expect(reminder).toContainText(member.email);
  });

  await test.step("resend a link", async () => {
    await reminder.getByRole("button", { name: "Resend link" }).click();
    await expect(page.getByText(`We sent a new verification link to ${member.email}.`)).toBeVisible();
    await expect(reminder.getByRole("button", { name: "Link sent" })).toBeDisabled();
  });

  await test.step("open the link from the e-mail", async () => {
    await page.goto(await verifyLinkFor(member.email));
    await expect(page.getByRole("heading", { name: "E-mail address verified" })).toBeVisible();
    // The token left the address bar (and the history) as the page opened.
    await expect(page).toHaveURL(/\/verify-email$/);
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(reminder).toHaveCount(0);
  });

  await test.step("the same link does not work twice", async () => {
    await page.goto(await verifyLinkFor(member.email));
    await expect(page.getByRole("heading", { name: "Link not valid" })).toBeVisible();
  });
});
