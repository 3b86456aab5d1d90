import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { createPost, registerMember } from "./support/member-steps.ts";

test("a member reports another member's post with a reason chosen from the keyboard, once", async ({
  page,
  browser,
}, testInfo) => {
  const owner = newMember();
  const reporter = newMember();
  const postName = `Harbour wall ${owner.lastName}`;

  await test.step("the owner publishes a post", async () => {
    await registerMember(page, owner);
    await createPost(page, postName);
  });

  const reporterContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: {
      "x-forwarded-for": `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  });
  const reporterPage = await reporterContext.newPage();

  await test.step("another member finds it and reports it as spam", async () => {
    await registerMember(reporterPage, reporter);
    await reporterPage.goto("/search-tagged-posts");
    await reporterPage.getByLabel("Post name or tagg").fill(postName);
    await reporterPage.keyboard.press("Enter");
    const result = reporterPage.getByRole("article", { name: postName });
    await result.getByRole("button", { name: `Open ${postName}` }).click();
    const detail = reporterPage.getByRole("dialog", { name: postName });
    await detail.getByRole("button", { name: "Report" }).click();

    const confirm = reporterPage.getByRole("alertdialog", { name: "Report this post?" });
    const reasons = confirm.getByRole("group", { name: "Reason (optional)" });
    await expect(reasons.getByRole("radio")).toHaveCount(6);
    await expectNoSeriousA11yViolations(reporterPage, "the report dialog");
    await reasons.getByRole("radio", { name: "Spam or scam" }).focus();
    await reporterPage.keyboard.press("Space");
    await expect(reasons.getByRole("radio", { name: "Spam or scam" })).toBeChecked();

    const sent = reporterPage.waitForRequest((request) => request.url().endsWith("/report"));
    await confirm.getByRole("button", { name: "Report" }).click();
    expect((await sent).postDataJSON()).toEqual({ reason: "spam" });
    await expect(reporterPage.getByText("Thank you. Our team will review it.")).toBeVisible();
  });

  await test.step("a second report of the same post is refused", async () => {
    const detail = reporterPage.getByRole("dialog", { name: postName });
    await detail.getByRole("button", { name: "Report" }).click();
    const confirm = reporterPage.getByRole("alertdialog", { name: "Report this post?" });
    await confirm.getByRole("button", { name: "Report" }).click();
    await expect(reporterPage.getByText("You have already reported this post")).toBeVisible();
  });

  await reporterContext.close();
});
