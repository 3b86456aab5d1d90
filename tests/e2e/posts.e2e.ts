import { readFile } from "node:fs/promises";
import { PHOTO } from "./support/constants.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { registerMember } from "./support/member-steps.ts";

test("a member creates a tagged post from a photo, scrambles it, downloads it with the banner and deletes it", async ({
  page,
}) => {
  const member = newMember();
  const postName = `Harbour walk ${member.lastName} (Grace)`;
  const myPosts = page.getByRole("region", { name: "My Tagged Posts" });
  const card = myPosts.getByRole("article", { name: "Grace" });

  await test.step("register and find no posts yet", async () => {
    await registerMember(page, member);
    await expect(myPosts.getByText("No Tagged Posts Yet")).toBeVisible();
  });

  await test.step("create a post with a photo from disk", async () => {
    await myPosts.getByRole("link", { name: "Create Your First Post" }).click();
    await expect(page).toHaveURL(/\/create-post$/);
    const create = page.getByRole("button", { name: "Create Post" });
    await expect(create).toBeDisabled();

    await page.getByLabel("Post name").fill(postName);
    await expect(page.getByText("This name is available")).toBeVisible();

    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Upload Photo" }).click();
    await (await chooser).setFiles(PHOTO);
    await expect(page.getByRole("img", { name: "Preview of your photo" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove" })).toBeVisible();

    await page.getByLabel("Comment").fill("Boats, gulls and a very windy pier.");
    await expect(page.getByText("35/500")).toBeVisible();
    await expect(create).toBeEnabled();
    await create.click();
  });

  await test.step("the new post is highlighted on the dashboard", async () => {
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(card).toHaveAttribute("data-highlighted", "true");
    await expect(card.getByText("Public")).toBeVisible();
    await expect(card.getByText("0 unique views")).toBeVisible();
    await expect(myPosts.getByRole("button", { name: "All (1)" })).toBeVisible();
    // The flash lasts 3 s and is shown once.
    await expect(card).not.toHaveAttribute("data-highlighted", "true", { timeout: 6_000 });
  });

  await test.step("scramble it; the server keeps the choice", async () => {
    const scramble = card.getByRole("switch", { name: "Scramble Grace" });
    await expect(scramble).not.toBeChecked();
    const saved = page.waitForResponse(
      (response) => response.request().method() === "PATCH" && response.url().includes("/api/tagged-posts/"),
    );
    await scramble.click();
    expect((await saved).status()).toBe(200);
    await expect(scramble).toBeChecked();

    await page.reload();
    await expect(card.getByRole("switch", { name: "Scramble Grace" })).toBeChecked();
    await expect(card).not.toHaveAttribute("data-highlighted", "true");
  });

  await test.step("open the detail dialog and drag it", async () => {
    await card.getByRole("button", { name: "Open Grace" }).click();
    const dialog = page.getByRole("dialog", { name: "Grace" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`By ${member.firstName} ${member.lastName}`)).toBeVisible();
    await expect(dialog.getByText("Scrambled Version")).toBeVisible();
    await expect(dialog.getByText("SCRAMBLED IMAGE")).toBeVisible();
    await expect(dialog.getByRole("img", { name: "Image of Grace (scrambled)" })).toBeVisible();
    await expect(dialog.getByText("Boats, gulls and a very windy pier.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Report" })).toHaveCount(0);

    const before = await dialog.boundingBox();
    const title = dialog.getByRole("heading", { name: "Grace" });
    const start = await title.boundingBox();
    if (!before || !start) throw new Error("the dialog is not laid out");
    await page.mouse.move(start.x + 5, start.y + 5);
    await page.mouse.down();
    await page.mouse.move(start.x - 60, start.y + 40, { steps: 5 });
    await page.mouse.up();
    const after = await dialog.boundingBox();
    expect(Math.round((after?.x ?? 0) - before.x)).toBe(-65);
    expect(Math.round((after?.y ?? 0) - before.y)).toBe(35);
  });

  await test.step("download the JPEG with the banner", async () => {
    const dialog = page.getByRole("dialog", { name: "Grace" });
    const downloadEvent = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download" }).click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toMatch(/^tagit-harbour-walk-.*-grace\.jpg$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const saved = page.getByRole("dialog", { name: "Image Saved!" });
    await expect(saved).toBeVisible();
    await expect(saved.getByText("101")).toBeVisible();
    await saved.getByRole("button", { name: "OK" }).click();
    await expect(saved).toBeHidden();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  await test.step("delete it and see the empty state", async () => {
    await card.getByRole("button", { name: "Delete Grace" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this post?" });
    await expect(confirm).toContainText(postName);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Tagged post deleted")).toBeVisible();
    await expect(myPosts.getByText("No Tagged Posts Yet")).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});
