import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { createPost, registerMember, withoutGreeting } from "./support/member-steps.ts";

test("a member's main pages, with a post on them, have no serious or critical axe violation (label in name included)", async ({
  page,
  context,
}) => {
  await withoutGreeting(context);
  await registerMember(page, newMember());
  const postName = `Axe ${Date.now()}`;
  await createPost(page, postName);

  await test.step("/dashboard with a post card", async () => {
    await expect(page.getByRole("article", { name: postName })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/dashboard");
  });

  await test.step("/create-post", async () => {
    await page.goto("/create-post");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/create-post");
  });

  await test.step("/search-tagged-posts with the member's own result", async () => {
    await page.goto("/search-tagged-posts");
    await page.getByLabel("Post name or tagg").fill(postName);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("article", { name: postName }).getByText("Your post")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/search-tagged-posts");
  });

  await test.step("/payments", async () => {
    await page.goto("/payments");
    await expect(page.getByRole("heading", { level: 1, name: "Upgrade to Premium" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/payments");
  });
});
