import type { Browser, Locator, TestInfo } from "@playwright/test";
import { REPORT_SETTINGS_MESSAGES } from "#contract/api/admin-moderation.ts";
import { openAdminPanel } from "./support/admin-steps.ts";
import {
  adminThroughApi,
  createPostThroughApi,
  registerThroughApi,
  reportThroughApi,
  verifyEmailThroughApi,
} from "./support/api-steps.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { APPEAL_JOURNEY_WIDTHS, appealAdminEmails, E2E_ADMIN_EMAILS } from "./support/constants.ts";
import { expect, newClientAddress, test } from "./support/fixtures.ts";
import { withoutGreeting } from "./support/member-steps.ts";

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

/**
 * The report threshold is one setting for the whole app, so the journeys that set it run one after another, in
 * this file, and put it back as they found it.
 */
test.describe.configure({ mode: "serial" });

const THRESHOLD = 10;

/** A member in a browser context of their own, registered and verified through the API. */
async function memberContext(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: { "x-forwarded-for": newClientAddress() },
  });
  await withoutGreeting(context);
  const member = await registerThroughApi(context);
  await verifyEmailThroughApi(context, member.email);
  return { context, member };
}

for (const ownerWidth of APPEAL_JOURNEY_WIDTHS) {
  const adminWidth = ownerWidth === 360 ? 1280 : 360;
  const admins = appealAdminEmails(ownerWidth);
  test(`a post reported until it is hidden: its owner reads why and appeals, another administrator reverses it, owner and reporters hear the outcome (owner at ${ownerWidth} px, panel at ${adminWidth} px)`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const postName = `Evening ferry ${Date.now()}`;
    const ownerSide = await memberContext(browser, testInfo);
    const ownerPage = await ownerSide.context.newPage();
    await ownerPage.setViewportSize({ width: ownerWidth, height: 800 });
    const reporters: Awaited<ReturnType<typeof memberContext>>[] = [];
    const thresholds = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      extraHTTPHeaders: { "x-forwarded-for": newClientAddress() },
    });
    const setter = await adminThroughApi(thresholds, admins.thresholds);
    const setThreshold = (enabled: boolean) =>
      thresholds.request.put("/api/admin/post-report-settings", {
        headers: setter.headers,
        data: { autoDeleteEnabled: enabled, autoDeleteThreshold: THRESHOLD, autoAction: "hide" },
      });

    await test.step(`${THRESHOLD} verified members report the post: the threshold hides it`, async () => {
      const postId = await createPostThroughApi(ownerSide.context, postName);
      expect((await setThreshold(true)).status()).toBe(200);
      for (let i = 0; i < THRESHOLD; i++) {
        const reporter = await memberContext(browser, testInfo);
        await reportThroughApi(reporter.context, postId);
        reporters.push(reporter);
      }
      expect((await setThreshold(false)).status()).toBe(200);
    });

    await test.step("the owner's bell says why, and the decision page lets them appeal", async () => {
      await ownerPage.goto("/dashboard");
      const bell = ownerPage.getByRole("button", { name: /^Notifications/ });
      await bell.click();
      const panel = ownerPage.getByRole("dialog", { name: "Notifications" });
      const notice = panel
        .getByRole("listitem")
        .filter({ hasText: `"${postName}" was hidden pending review` });
      await expect(notice).toContainText("Reason: Reported by members");
      await notice.getByRole("link", { name: /Read why and appeal/ }).click();
      await expect(ownerPage).toHaveURL(/\/moderation-decisions#decision-/);
      const decision = ownerPage.getByRole("article").filter({ hasText: postName });
      await expect(decision).toBeFocused();
      await expect(decision).toContainText("Reported by members");
      await expect(decision).toContainText("reports from members reached the threshold");
      await expectNoSeriousA11yViolations(ownerPage, `the owner's decision at ${ownerWidth} px`);
      await ownerPage.screenshot({ path: testInfo.outputPath(`decision-${ownerWidth}.png`), fullPage: true });
      await decision
        .getByLabel("Your appeal")
        .fill("A group of accounts reported my photo of the ferry to hurt me.");
      await decision.getByRole("button", { name: "Send appeal" }).click();
      await expect(decision).toContainText("Waiting for an administrator");
    });

    await test.step("another administrator reverses it from the Appeals tab", async () => {
      await page.setViewportSize({ width: adminWidth, height: 900 });
      await openAdminPanel(page, admins.appeals, "reported-posts");
      await page.getByRole("tab", { name: "Appeals" }).click();
      const appeals = page.getByRole("table", { name: "Appeals" });
      const name = `${ownerSide.member.firstName} ${ownerSide.member.lastName}'s appeal about “${postName}”`;
      await expect(appeals.getByRole("button", { name: `Reverse ${name}` })).toBeEnabled();
      await expectNoSeriousA11yViolations(page, `the Appeals tab at ${adminWidth} px`);
      await page.screenshot({ path: testInfo.outputPath(`appeals-${adminWidth}.png`), fullPage: true });
      await appeals.getByRole("button", { name: `Reverse ${name}` }).click();
      const dialog = page.getByRole("dialog", { name: "Reverse the Decision" });
      await dialog
        .getByLabel("Explain the outcome (sent to the member)")
        .fill("The reports came from new accounts; no rule was broken.");
      await dialog.getByRole("button", { name: "Reverse Decision" }).click();
      await expect(page.getByText("Decision Reversed")).toBeVisible();
      await expect(appeals.getByRole("button", { name: `Reverse ${name}` })).toHaveCount(0);
    });

    await test.step("the owner sees the outcome, and the post is found again", async () => {
      await ownerPage.reload();
      const decision = ownerPage.getByRole("article").filter({ hasText: postName });
      await expect(decision).toContainText("Decision reversed");
      await expect(decision).toContainText("no rule was broken");
      await expectNoSeriousA11yViolations(ownerPage, `the reversed decision at ${ownerWidth} px`);
      const search = await ownerSide.context.request.get(
        `/api/public/tagged-posts?search=${encodeURIComponent(postName)}`,
      );
      expect(((await search.json()) as unknown[]).length).toBe(1);
    });

    await test.step("each reporter hears once that no rule was broken", async () => {
      const reporter = reporters[0];
      if (!reporter) throw new Error("no reporter");
      const reporterPage = await reporter.context.newPage();
      await reporterPage.setViewportSize({ width: ownerWidth, height: 800 });
      await reporterPage.goto("/dashboard");
      await reporterPage.getByRole("button", { name: /^Notifications/ }).click();
      const panel = reporterPage.getByRole("dialog", { name: "Notifications" });
      await expect(
        panel
          .getByRole("listitem")
          .filter({ hasText: `A post you reported, "${postName}", was reviewed: no rule was broken` }),
      ).toHaveCount(1);
      await expect(panel).not.toContainText(ownerSide.member.lastName);
      await expectNoSeriousA11yViolations(reporterPage, `a reporter's bell at ${ownerWidth} px`);
    });

    for (const { context } of [ownerSide, ...reporters]) await context.close();
    await thresholds.close();
  });
}
