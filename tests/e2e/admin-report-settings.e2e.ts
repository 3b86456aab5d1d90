import type { Locator } from "@playwright/test";
import { REPORT_SETTINGS_MESSAGES } from "#contract/api/admin-moderation.ts";
import { openAdminPanel } from "./support/admin-steps.ts";
import { E2E_ADMIN_EMAILS } from "./support/constants.ts";
import { expect, test } from "./support/fixtures.ts";

test("an administrator turns on the automatic action for reported posts; a threshold the form does not offer is refused on its field", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openAdminPanel(page, E2E_ADMIN_EMAILS.reportSettings, "reported-posts");
  const enabled = page.getByRole("switch", { name: "Enabled" });
  const threshold = page.getByRole("combobox", { name: "Threshold" });
  const action = page.getByRole("combobox", { name: "Action" });
  const save = page.getByRole("button", { name: "Save Settings" });
  const choose = async (field: Locator, choice: string) => {
    await field.click();
    await page.getByRole("option", { name: choice, exact: true }).click();
    await expect(field).toHaveText(choice);
  };

  await test.step("off by default, its choices disabled until it is on; the thresholds are 10, 50 and 100", async () => {
    await expect(enabled).not.toBeChecked();
    await expect(threshold).toHaveText("10 reports");
    await expect(threshold).toBeDisabled();
    await expect(action).toHaveText("Hide pending review");
    await enabled.click();
    await expect(threshold).toBeEnabled();
    await threshold.click();
    await expect(page.getByRole("option")).toHaveText(["10 reports", "50 reports", "100 reports"]);
    await page.keyboard.press("Escape");
  });

  await test.step("on, at 50 reports, deleting the post: saved, and a reload shows it", async () => {
    await choose(threshold, "50 reports");
    await choose(action, "Delete the post");
    await save.click();
    await expect(page.getByText("The report settings are saved.")).toBeVisible();
    await page.reload();
    await expect(enabled).toBeChecked();
    await expect(threshold).toHaveText("50 reports");
    await expect(action).toHaveText("Delete the post");
  });

  await test.step("a threshold of 20, as a page from before the 10/50/100 rule would send, is refused by the server on the Threshold field", async () => {
    await page.route("**/api/admin/post-report-settings", (route) =>
      route.request().method() === "PUT"
        ? route.continue({ postData: { ...route.request().postDataJSON(), autoDeleteThreshold: 20 } })
        : route.continue(),
    );
    await choose(threshold, "100 reports");
    await save.click();
    await expect(threshold).toHaveAttribute("aria-invalid", "true");
    await expect(threshold).toHaveAccessibleDescription(REPORT_SETTINGS_MESSAGES.threshold);
    await page.unroute("**/api/admin/post-report-settings");
    await page.reload();
    await expect(threshold).toHaveText("50 reports");
  });

  await test.step("put the automatic action back for the journeys that follow", async () => {
    await choose(threshold, "10 reports");
    await choose(action, "Hide pending review");
    await enabled.click();
    await expect(threshold).toBeDisabled();
    await save.click();
    await expect(page.getByText("The report settings are saved.")).toBeVisible();
  });
});
