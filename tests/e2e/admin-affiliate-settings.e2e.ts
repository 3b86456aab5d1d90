import { COMMISSION_MESSAGE } from "#contract/api/admin-money.ts";
import { openAdminPanel } from "./support/admin-steps.ts";
import { E2E_ADMIN_EMAILS } from "./support/constants.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { registerMember, withoutGreeting } from "./support/member-steps.ts";

test("an administrator sets the affiliate commission and pauses the programme; a member's affiliate page follows", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await openAdminPanel(page, E2E_ADMIN_EMAILS.affiliateSettings, "affiliate");
  const commission = page.getByLabel("Commission Percentage");
  const active = page.getByRole("switch", { name: "Programme active" });
  const save = page.getByRole("button", { name: "Save Settings" });

  await test.step("a commission above 100 or between the steps of 10 is refused on its field and not saved", async () => {
    await expect(commission).toHaveValue("10");
    await expect(active).toBeChecked();
    for (const refused of ["150", "25"]) {
      await commission.fill(refused);
      await save.click();
      await expect(commission).toHaveAttribute("aria-invalid", "true");
      await expect(commission).toHaveAccessibleDescription(COMMISSION_MESSAGE);
    }
    await page.reload();
    await expect(commission).toHaveValue("10");
  });

  await test.step("30% with the programme paused: the notice says so, and a reload shows both", async () => {
    await commission.fill("30");
    await active.click();
    await expect(active).not.toBeChecked();
    await save.click();
    await expect(page.getByText("Affiliate Settings Updated")).toBeVisible();
    await expect(page.getByText("30% commission; the programme is inactive.")).toBeVisible();
    await page.reload();
    await expect(commission).toHaveValue("30");
    await expect(active).not.toBeChecked();
  });

  await test.step("a member's affiliate page offers 30% and says the programme is paused", async () => {
    const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "10.88.2.1" } });
    await withoutGreeting(context);
    const member = await context.newPage();
    await registerMember(member, newMember());
    await member.goto("/affiliate");
    await expect(
      member.getByText("Earn 30% commission for every user you refer who subscribes to Premium!"),
    ).toBeVisible();
    await expect(member.getByText("The affiliate program is paused at the moment")).toBeVisible();
    await context.close();
  });

  await test.step("put the commission and the programme back for the journeys that follow", async () => {
    await commission.fill("10");
    await active.click();
    await save.click();
    await expect(page.getByText("10% commission; the programme is active.")).toBeVisible();
  });
});
