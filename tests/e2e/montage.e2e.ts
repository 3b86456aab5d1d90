import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { createPost, createPostOnScreen, registerMember, withoutGreeting } from "./support/member-steps.ts";
import { montagePicture, montagePictures } from "./support/montage-images.ts";

const CANVAS_WIDTH = 800;

/** The montage layer's pixels as a data URL: what the member sees, to compare before and after a change. */
function canvasPixels(page: Page) {
  return page
    .getByTestId("montage-canvas")
    .locator("canvas")
    .first()
    .evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());
}

const numberIn = async (page: Page, label: string) => Number(await page.getByLabel(label).inputValue());

/** Selects the topmost canvas image (the last one drawn) by its thumbnail and answers where it is. */
async function selectTopmostImage(page: Page) {
  const thumbnails = page.getByRole("toolbar", { name: "Canvas images" }).getByRole("button");
  await thumbnails.last().click();
  await expect(thumbnails.last()).toHaveAttribute("aria-pressed", "true");
  return {
    x: await numberIn(page, "X position"),
    y: await numberIn(page, "Y position"),
    width: await numberIn(page, "Width"),
    height: await numberIn(page, "Height"),
  };
}

async function canvasBox(page: Page) {
  const box = await page.getByTestId("montage-canvas").boundingBox();
  if (!box) throw new Error("the canvas is not on screen");
  return { ...box, scale: box.width / CANVAS_WIDTH };
}

test("a member makes a montage: pictures, drag, rotate, text, shuffle and undo, download", async ({
  page,
  context,
}) => {
  await withoutGreeting(context);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await registerMember(page, newMember());
  // The canvas library is its own chunk, fetched only on /wallpaper.
  expect(scripts.filter((url) => url.includes("montage"))).toEqual([]);

  await page.goto("/wallpaper");
  await expect(page.getByRole("heading", { name: "Create Your Montage", level: 1 })).toBeVisible();
  await expect.poll(() => scripts.some((url) => /montage-vendor/.test(url))).toBe(true);
  const download = page.getByRole("button", { name: "Download" });
  await expect(download).toBeDisabled();
  await expect(page.getByText("Need 3 more images (minimum 3)")).toBeVisible();

  await page.getByLabel("Profile picture file").setInputFiles(await montagePicture(40));
  await expect(page.getByRole("button", { name: "P, profile image" })).toBeVisible();
  await expect(download).toBeEnabled();
  await page.getByRole("button", { name: "P, profile image" }).click();
  await expect(page.getByText("Profile image is automatically centered")).toBeVisible();
  await expect(page.getByText("Rotation not needed for circular profile")).toBeVisible();

  await page.getByLabel("Unique image files").setInputFiles(await montagePictures(1, 2));
  await expect(page.getByText("More Images Needed")).toBeVisible();
  await expect(page.getByText("Please upload at least 3 images total. You have 2 so far.")).toBeVisible();
  await expect(page.getByText("Need 1 more images (minimum 3)")).toBeVisible();
  await page.getByLabel("Unique image files").setInputFiles(await montagePictures(3, 1));
  await expect(page.getByText(/^Canvas completely filled with \d+ total images$/)).toBeVisible();
  await expect(page.getByText("3/10")).toBeVisible();

  // Drag the topmost image far up and right: it stops at x 700 and y 0.
  const before = await selectTopmostImage(page);
  const box = await canvasBox(page);
  const startX = box.x + (before.x + before.width / 2) * box.scale;
  const startY = box.y + (before.y + before.height / 2) * box.scale;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) await page.mouse.move(startX + step * 120, startY - step * 80);
  await page.mouse.up();
  await expect(page.getByLabel("X position")).toHaveValue("700");
  await expect(page.getByLabel("Y position")).toHaveValue("0");

  // Keys nudge the selected image once the canvas has focus; Delete would remove it.
  await page.getByTestId("montage-canvas").focus();
  await page.keyboard.press("Shift+ArrowLeft");
  await expect(page.getByLabel("X position")).toHaveValue("690");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel("Y position")).toHaveValue("1");

  // The thumbnails are one tab stop; the arrow keys select the neighbours.
  const thumbnails = page.getByRole("toolbar", { name: "Canvas images" }).getByRole("button");
  const count = await thumbnails.count();
  await thumbnails.last().focus();
  await page.keyboard.press("ArrowLeft");
  await expect(thumbnails.nth(count - 2)).toBeFocused();
  await expect(thumbnails.nth(count - 2)).toHaveAttribute("aria-pressed", "true");
  // Image Controls names the selection as its thumbnail does: the unique image and which copy of it.
  const selectedName = (await thumbnails.nth(count - 2).getAttribute("aria-label")) ?? "";
  expect(selectedName).toMatch(/^Image \d+, copy \d+ of \d+$/);
  await expect(page.getByText(selectedName, { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Rotate 90°" }).click();
  await expect(page.getByText("90°", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Rotate 90°" }).click();
  await expect(page.getByText("180°", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("90°", { exact: true })).toBeVisible();

  const plainName = await canvasPixels(page);
  await page.getByLabel("Name font").click();
  await page.getByRole("option", { name: "Georgia" }).click();
  await page.getByLabel("Name colour").click();
  await page.getByRole("option", { name: "Red" }).click();
  await expect(page.getByLabel("Name font")).toHaveText("Georgia");
  await expect(page.getByLabel("Name colour")).toHaveText("Red");
  await expect.poll(() => canvasPixels(page)).not.toBe(plainName);

  // Two shuffles, then undo twice: the first arrangement again, pixel for pixel.
  const arranged = await canvasPixels(page);
  await page.getByRole("button", { name: "Shuffle" }).click();
  await expect.poll(() => canvasPixels(page)).not.toBe(arranged);
  const firstShuffle = await canvasPixels(page);
  await page.getByRole("button", { name: "Shuffle" }).click();
  await expect.poll(() => canvasPixels(page)).not.toBe(firstShuffle);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(() => canvasPixels(page)).toBe(firstShuffle);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(() => canvasPixels(page)).toBe(arranged);

  await expectNoSeriousA11yViolations(page, "the montage maker");

  const saving = page.waitForEvent("download");
  await download.click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toMatch(/^montage-\d{4}-\d{2}-\d{2}-\d{6}\.png$/);
  await expect(page.getByText("Montage Downloaded")).toBeVisible();
  await expect(page.getByText("Your custom montage has been saved to your device!")).toBeVisible();
  const dialog = page.getByRole("dialog", { name: "Image Saved!" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();

  const png = await readFile(await saved.path());
  const metadata = await sharp(png).metadata();
  expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
    format: "png",
    width: 800,
    height: 600,
  });
  const { channels } = await sharp(png).stats();
  expect(channels.some((channel) => channel.min !== channel.max)).toBe(true);

  // Ten unique images at most: a selection past the slots left is refused whole, and so is an 11th.
  await page.getByLabel("Unique image files").setInputFiles(await montagePictures(4, 8));
  await expect(page.getByText("Too Many Unique Images")).toBeVisible();
  await expect(page.getByText("You can only upload 7 more unique images (10 max unique)")).toBeVisible();
  await expect(page.getByText("3/10")).toBeVisible();
  await page.getByLabel("Unique image files").setInputFiles(await montagePictures(4, 7));
  await expect(page.getByText("10/10")).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload Images" })).toBeDisabled();
  await page.getByLabel("Unique image files").setInputFiles(await montagePicture(11));
  await expect(page.getByText("You can only upload 0 more unique images (10 max unique)")).toBeVisible();
  await expect(page.getByText("10/10")).toBeVisible();
});

test("pictures come from the member's own posts, a scrambled post's only scrambled", async ({
  page,
  context,
}) => {
  await withoutGreeting(context);
  await registerMember(page, newMember());
  const plain = `Montage plain ${Date.now()}`;
  const scrambled = `Montage scrambled ${Date.now()}`;
  await createPost(page, plain);
  await createPostOnScreen(page, scrambled, { scramble: true });

  await page.goto("/wallpaper");
  await page.getByRole("button", { name: "From My Posts" }).click();
  const picker = page.getByRole("dialog", { name: "Add From My Posts" });
  await picker.getByRole("button", { name: plain }).click();
  await picker.getByRole("button", { name: scrambled }).click();
  await picker.getByRole("button", { name: "Add 2 Selected" }).click();
  await expect(picker).toBeHidden();

  await expect(page.getByText("2/10")).toBeVisible();
  await expect(page.getByText("Please upload at least 3 images total. You have 2 so far.")).toBeVisible();
  const list = page.getByRole("list", { name: "Unique images" });
  await expect(list.getByRole("img", { name: scrambled })).toHaveAttribute("src", /-scrambled\.jpg$/);
  await expect(list.getByRole("img", { name: plain })).not.toHaveAttribute("src", /-scrambled/);
  await expect(page.getByRole("button", { name: /^Image 1, copy 1 of \d+$/ })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("the canvas fits the screen and an image is dragged by touch", async ({ page, context }) => {
    await withoutGreeting(context);
    await registerMember(page, newMember());
    await page.goto("/wallpaper");
    await page.getByLabel("Unique image files").setInputFiles(await montagePictures(20, 3));
    await expect(page.getByText(/^Canvas completely filled with \d+ total images$/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const before = await selectTopmostImage(page);
    const canvas = page.getByTestId("montage-canvas");
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvasBox(page);
    expect(box.width).toBeLessThan(360);
    const start = {
      x: box.x + (before.x + before.width / 2) * box.scale,
      y: box.y + (before.y + before.height / 2) * box.scale,
    };
    // Toward the side with more room, so the expected position is not clamped.
    const direction = before.x > 350 ? -1 : 1;
    const moveBy = 40 * direction;
    const touch = await context.newCDPSession(page);
    const at = (dx: number) => [{ x: start.x + dx, y: start.y }];
    await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0) });
    for (let step = 1; step <= 8; step += 1) {
      await touch.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: at((moveBy * step) / 8),
      });
    }
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });

    // A drop is clamped to x 0–700 and y 0–500, and generated images may lie lower than 500.
    const expected = Math.min(700, Math.max(0, before.x + moveBy / box.scale));
    await expect.poll(() => numberIn(page, "X position")).toBeGreaterThan(expected - 3);
    expect(await numberIn(page, "X position")).toBeLessThan(expected + 3);
    expect(await numberIn(page, "Y position")).toBe(Math.min(before.y, 500));
  });
});
