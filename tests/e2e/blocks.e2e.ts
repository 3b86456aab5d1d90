import path from "node:path";
import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { createPost, registerMember, withoutGreeting } from "./support/member-steps.ts";

/** The server does not record the same term, or a view of the same post, from the same visitor twice within 5 s. */
const DUPLICATE_WINDOW_MS = 5_000;

/** Set E2E_SCREENSHOTS to a folder to keep each new screen at a phone's width (360 px) and a desktop's (1280 px). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** Shoots `target` (a region, a row, a dialog) at both widths, then puts the viewport back. */
async function screenshots(page: Page, target: Locator, name: string) {
  if (!SCREENSHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(target).toBeVisible();
    await target.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), animations: "disabled" });
  }
  await page.setViewportSize(size);
}

/** A second member in a browser of their own, at another client address, without the greeting popup. */
async function otherMember(browser: Browser, testInfo: TestInfo, address: string) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
  await withoutGreeting(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Claims a tagg for the member signed in on `page`, through the API (the claim card has its own journey). */
async function claimTagg(page: Page, tagg: string) {
  const claimed = await page.request.post("/api/me/tagg", {
    data: { tagg },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(claimed.status()).toBe(200);
}

/** Searches the public page; `found` says whether the owner's one post should come back. */
async function searchFor(page: Page, term: string, found: boolean) {
  await page.goto("/search-tagged-posts");
  await page.getByLabel("Post name or tagg").fill(term);
  await page.keyboard.press("Enter");
  if (found) await expect(page.getByRole("heading", { name: `1 post found for “${term}”` })).toBeVisible();
  else await expect(page.getByText("No posts found")).toBeVisible();
}

async function openSecurity(page: Page) {
  await page.getByRole("button", { name: "Security", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Security Settings" });
  return { dialog, blocked: dialog.getByRole("region", { name: "Blocked Members" }) };
}

// Two members in two browsers, several searches and three axe runs: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

const address = () => `10.81.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

test("a member blocks a visitor from a named row of their analytics: the visitor's search finds nothing until they are unblocked", async ({
  page,
  context,
  browser,
}, testInfo) => {
  await withoutGreeting(context);
  const owner = { ...newMember(), firstName: "Ada" };
  const visitor = { ...newMember(), firstName: "Sam" };
  const visitorName = `${visitor.firstName} ${visitor.lastName}`;
  const postName = `Lantern quay ${owner.lastName}`;
  const analytics = page.getByRole("region", { name: "Who's Searching for Your Taggs" });
  const sam = await otherMember(browser, testInfo, address());

  await test.step("Ada publishes a post; Sam finds it by its exact name and opens it", async () => {
    await registerMember(page, owner);
    await createPost(page, postName);
    await registerMember(sam.page, visitor);
    await searchFor(sam.page, postName, true);
    const viewed = sam.page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/track-search") && response.request().postDataJSON()?.action === "view",
    );
    await sam.page.getByRole("button", { name: `Open ${postName}` }).click();
    expect((await viewed).ok()).toBe(true);
    await sam.page.keyboard.press("Escape");
  });

  const viewRow = analytics.getByRole("listitem").filter({ hasText: `${visitorName} viewed your post` });
  await test.step("Ada's named rows carry Block; she confirms it from the view", async () => {
    await expect(viewRow).toBeVisible({ timeout: 15_000 });
    await expect(analytics.getByRole("button", { name: `Block ${visitorName}` })).toHaveCount(2);
    await screenshots(page, viewRow, "blocks-analytics-row");

    // The who-viewed dialog offers the same Block beside each named viewer.
    await viewRow.getByRole("button", { name: "View All Viewers" }).click();
    const whoViewed = page.getByRole("dialog", { name: `Who viewed ${postName}` });
    await expect(whoViewed.getByRole("button", { name: `Block ${visitorName}` })).toBeVisible();
    await screenshots(page, whoViewed, "blocks-who-viewed");
    await page.keyboard.press("Escape");
    await expect(whoViewed).toBeHidden();

    await viewRow.getByRole("button", { name: `Block ${visitorName}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Block ${visitorName}?` });
    await expect(
      confirm.getByText(
        "They won't find your posts or see your images, and they won't be told. Their past visits leave your lists.",
      ),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the block confirmation");
    await screenshots(page, confirm, "blocks-confirm");
    await confirm.getByRole("button", { name: "Block", exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText("Member Blocked")).toBeVisible();
    await expect(analytics.getByText(visitorName)).toHaveCount(0);
    await expect(analytics.getByText("No visitors yet")).toBeVisible();
  });

  await test.step("for Sam, Ada's post no longer exists", async () => {
    await searchFor(sam.page, postName, false);
  });

  await test.step("Ada finds Sam in Blocked Members and unblocks him", async () => {
    const { dialog, blocked } = await openSecurity(page);
    const row = blocked.getByRole("listitem").filter({ hasText: visitorName });
    await expect(row).toBeVisible();
    await expect(row.getByText(/^Blocked /)).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the Blocked Members section");
    await screenshots(page, blocked, "blocks-section");

    await row.getByRole("button", { name: `Unblock ${visitorName}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Unblock ${visitorName}?` });
    await confirm.getByRole("button", { name: "Unblock", exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText("Member Unblocked")).toBeVisible();
    await expect(blocked.getByText("You haven't blocked anyone.")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // Sam's past visits are back in Ada's list.
    await expect(viewRow).toBeVisible();
  });

  await test.step("Sam finds the post again", async () => {
    await searchFor(sam.page, postName, true);
  });

  expect(sam.errors, "uncaught errors in Sam's page").toEqual([]);
  await sam.context.close();
});

test("a member blocks someone by tagg in Security Settings, with the server's answers on the field", async ({
  page,
  context,
  browser,
}, testInfo) => {
  await withoutGreeting(context);
  const owner = { ...newMember(), firstName: "Ada" };
  const visitor = { ...newMember(), firstName: "Sam" };
  const visitorName = `${visitor.firstName} ${visitor.lastName}`;
  const suffix = owner.lastName.slice(-8).toLowerCase();
  const ownerTagg = `ada_${suffix}`;
  const visitorTagg = `sam_${visitor.lastName.slice(-8).toLowerCase()}`;
  const sam = await otherMember(browser, testInfo, address());

  await test.step("Ada, with a tagg and a post, and Sam, with a tagg, register; Sam finds Ada by her tagg", async () => {
    await registerMember(page, owner);
    await claimTagg(page, ownerTagg);
    await createPost(page, `Tide clock ${owner.lastName}`);
    await registerMember(sam.page, visitor);
    await claimTagg(sam.page, visitorTagg);
    await searchFor(sam.page, ownerTagg, true);
  });

  const { blocked } = await openSecurity(page);
  const form = blocked.getByRole("form", { name: "Block a member by tagg" });
  const input = form.getByRole("textbox", { name: "Block by tagg" });
  const submit = form.getByRole("button", { name: "Block", exact: true });

  await test.step("nothing blocked yet; a wrong tagg is refused on the field", async () => {
    await expect(blocked.getByText("You haven't blocked anyone.")).toBeVisible();
    await submit.click();
    await expect(form.getByText("Enter the tagg of the member to block")).toBeVisible();
    await input.fill("no!");
    await submit.click();
    await expect(form.getByText(/^A tagg is 3–30 lower-case letters/)).toBeVisible();
    await input.fill(`@${ownerTagg}`);
    await submit.click();
    await expect(form.getByText("You can't block yourself")).toBeVisible();
    await expect(input).toBeFocused();
    await input.fill(`nobody_${suffix}`);
    await submit.click();
    await expect(form.getByText("Member not found")).toBeVisible();
    await expect(input).toHaveAttribute("aria-invalid", "true");
  });

  await test.step("Sam's tagg, typed with @ and capitals, blocks him; a second time is refused", async () => {
    await input.fill(` @${visitorTagg.toUpperCase()} `);
    await submit.click();
    await expect(page.getByText("Member Blocked")).toBeVisible();
    // Named by his tagg alone: Sam has no posts, so a search of his tagg shows no name, and neither does the block.
    const row = blocked.getByRole("listitem").filter({ hasText: `@${visitorTagg}` });
    await expect(row.getByText(`@${visitorTagg}`)).toBeVisible();
    await expect(row.getByText(visitorName)).toHaveCount(0);
    await expect(input).toHaveValue("");

    await input.fill(visitorTagg);
    await submit.click();
    await expect(form.getByText("You have already blocked this member")).toBeVisible();
    await expect(blocked.getByRole("listitem")).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, "the Blocked Members section with a field error");
  });

  await test.step("for Sam, a search by Ada's tagg finds nothing", async () => {
    await searchFor(sam.page, ownerTagg, false);
  });

  expect(sam.errors, "uncaught errors in Sam's page").toEqual([]);
  await sam.context.close();
});

test("a repeated-search alert in the bell blocks the visitor it names", async ({
  page,
  context,
  browser,
}, testInfo) => {
  await withoutGreeting(context);
  const owner = { ...newMember(), firstName: "Ada" };
  const visitor = { ...newMember(), firstName: "Sam" };
  const visitorName = `${visitor.firstName} ${visitor.lastName}`;
  const postName = `Signal mast ${owner.lastName}`;
  const bell = page.getByRole("button", { name: /^Notifications/ });
  const sam = await otherMember(browser, testInfo, address());

  await test.step("Ada publishes a post; Sam searches for it and opens it five times in all", async () => {
    await registerMember(page, owner);
    await createPost(page, postName);
    await registerMember(sam.page, visitor);
    // The server records the same term or view from the same visitor once in 5 s, so the rounds are spaced.
    for (const round of [1, 2, 3]) {
      if (round > 1) await sam.page.waitForTimeout(DUPLICATE_WINDOW_MS + 500);
      await searchFor(sam.page, postName, true);
      if (round === 3) break;
      const viewed = sam.page.waitForResponse(
        (response) =>
          response.url().endsWith("/api/track-search") &&
          response.request().postDataJSON()?.action === "view",
      );
      await sam.page.getByRole("button", { name: `Open ${postName}` }).click();
      expect(await (await viewed).json()).toEqual({ recorded: 1, skipped: null });
      await sam.page.keyboard.press("Escape");
    }
  });

  await test.step("Ada's bell names Sam with Block; she blocks him from it and the alert leaves", async () => {
    await expect(bell).toHaveAccessibleName(/new\)$/, { timeout: 15_000 });
    await bell.click();
    const panel = page.getByRole("dialog", { name: "Notifications" });
    const alert = panel
      .getByRole("listitem")
      .filter({ hasText: `${visitorName} looked for your posts 5 times this week` });
    await expect(alert).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the bell with a repeated-search alert");
    await screenshots(page, panel, "blocks-bell-alert");

    await alert.getByRole("button", { name: `Block ${visitorName}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Block ${visitorName}?` });
    await confirm.getByRole("button", { name: "Block", exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText("Member Blocked")).toBeVisible();
    await expect(panel.getByText(visitorName)).toHaveCount(0);
  });

  await test.step("for Sam, Ada's post no longer exists", async () => {
    await searchFor(sam.page, postName, false);
  });

  expect(sam.errors, "uncaught errors in Sam's page").toEqual([]);
  await sam.context.close();
});
