import { readFile } from "node:fs/promises";
import path from "node:path";
import { fromBufferPromise } from "yauzl";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { createPost, registerMember, withoutGreeting } from "./support/member-steps.ts";

/** Set E2E_SCREENSHOTS to a folder to keep the section at a phone's width (360 px) and a desktop's (1280 px). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

async function fileNamesOf(zipFile: string) {
  const zip = await fromBufferPromise(await readFile(zipFile), { lazyEntries: true });
  const names: string[] = [];
  for await (const entry of zip.eachEntry()) names.push(entry.fileName);
  return names;
}

test("a member downloads their data from Security Settings; a second try within the hour says when to try again", async ({
  page,
  context,
}) => {
  await withoutGreeting(context);
  const member = newMember();
  await registerMember(page, member);
  await createPost(page, `Data export ${member.lastName}`);
  await page.getByRole("button", { name: "Security", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Security Settings" });
  const section = dialog.getByRole("region", { name: "Download My Data" });
  const button = section.getByRole("button", { name: "Download My Data" });
  const status = section.getByRole("status");

  await test.step("the browser downloads the zip, named for the day", async () => {
    await button.scrollIntoViewIfNeeded();
    const downloading = page.waitForEvent("download");
    await button.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^tagit-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const names = await fileNamesOf(await download.path());
    expect(names).toEqual(
      expect.arrayContaining(["README.txt", "profile.json", "posts.json", "sessions.json"]),
    );
    expect(names.filter((name) => name.startsWith("images/"))).toHaveLength(1);
    await expect(status).toContainText("Your download has started");
  });

  await test.step("again within the hour, from the keyboard: the dialog says when, nothing is downloaded", async () => {
    let downloads = 0;
    page.on("download", () => {
      downloads += 1;
    });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(status).toContainText("You can download your data once an hour. Try again in 60 minutes.");
    expect(downloads).toBe(0);
    await expectNoSeriousA11yViolations(page, "Download My Data in Security Settings");
  });

  await test.step("at a phone's width the button fits the screen", async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    for (const width of SCREENSHOTS ? [360, 1280] : []) {
      await page.setViewportSize({ width, height: 800 });
      await section.screenshot({ path: path.join(SCREENSHOTS ?? "", `download-my-data-${width}.png`) });
    }
  });
});
