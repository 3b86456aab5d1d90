import type { Page } from "@playwright/test";
import { ADMIN_SECTIONS } from "./support/admin-sections.ts";
import {
  adminThroughApi,
  createPostThroughApi,
  registerThroughApi,
  reportThroughApi,
} from "./support/api-steps.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { layoutAdminEmail } from "./support/constants.ts";
import { expect, newClientAddress, test } from "./support/fixtures.ts";

// Every section of the admin panel at a phone's width and a desktop's: no sideways scrolling, a row's first
// cells and every row action reachable, axe clean, and a photograph of each. One test per section, so a
// failure names its section and runs again alone; the administrator, and the rows the tables show, are set up
// through the API (the admin journeys set them up on screen).

const WIDTHS = [360, 1280] as const;

test.describe.configure({ mode: "parallel" });

test.beforeAll(async ({ browser }, workerInfo) => {
  // A post and a report of it, so the tables of posts, reports, profiles and the audit log have rows.
  const { baseURL } = workerInfo.project.use;
  const owner = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": newClientAddress() },
  });
  await registerThroughApi(owner);
  const postId = await createPostThroughApi(owner, `Layout post ${Date.now()}`);
  const reporter = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": newClientAddress() },
  });
  await registerThroughApi(reporter);
  await reportThroughApi(reporter, postId);
  await owner.close();
  await reporter.close();
});

test("the sidebar lists exactly the sections this sweep checks", async ({ page, context }) => {
  await adminThroughApi(context, layoutAdminEmail("sections"));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin");
  const links = page.getByRole("navigation", { name: "Admin sections" }).getByRole("link");
  await expect(links.first()).toBeVisible();
  const sections = [];
  for (const link of await links.all()) {
    const id = new URL((await link.getAttribute("href")) ?? "", "http://x").searchParams.get("section");
    sections.push({ id: id ?? "", label: (await link.innerText()).trim() });
  }
  expect(sections).toEqual(ADMIN_SECTIONS);
});

async function checkLayout(
  page: Page,
  section: (typeof ADMIN_SECTIONS)[number],
  width: number,
  tab?: (typeof REPORTED_POSTS_TABS)[number],
) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(`/admin?section=${section.id}${tab ? `&tab=${tab.id}` : ""}`);
  await expect(page.getByRole("heading", { level: 1, name: section.label, exact: true })).toBeVisible();
  if (tab) await expect(page.getByRole("tab", { name: tab.label, selected: true })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);

  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(pageWidth, `${section.label} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);

  if (width >= 1280) {
    const overflowing = await page
      .locator("main table")
      .evaluateAll((tables) =>
        tables.some(
          (table) => (table.parentElement?.scrollWidth ?? 0) > (table.parentElement?.clientWidth ?? 0) + 1,
        ),
      );
    expect.soft(overflowing, `a table of ${section.label} scrolls sideways at ${width} px`).toBe(false);
  }

  // The first row of a table: its first two cells (an id and a name) not hidden behind the row's actions, and
  // every action in it reachable and not covered.
  const firstRow = page.getByRole("main").getByRole("row").nth(1);
  if ((await firstRow.count()) > 0 && (await firstRow.getByRole("cell").count()) > 1) {
    await firstRow.scrollIntoViewIfNeeded();
    const hidden = await firstRow.evaluate(
      (row) =>
        [...row.querySelectorAll("td")].slice(0, 2).filter((cell) => {
          const box = cell.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + 12, box.top + box.height / 2);
          return !hit || !cell.contains(hit);
        }).length,
    );
    expect.soft(hidden, `${section.label} hides a row's first cells at ${width} px`).toBe(0);
    for (const action of await firstRow.getByRole("button").all()) {
      await action.scrollIntoViewIfNeeded();
      // A disabled action (an appeal against this administrator's own decision) is seen, not clicked.
      if (await action.isEnabled()) await action.click({ trial: true });
      else await expect(action).toBeInViewport();
    }
  }
  await expectNoSeriousA11yViolations(
    page,
    `admin ${section.label}${tab ? ` ${tab.label}` : ""} at ${width} px`,
  );
}

/** The tabs of Reported Posts beside its report queue, checked in the Reported Posts test. */
const REPORTED_POSTS_TABS = [
  { id: "appeals", label: "Appeals" },
  { id: "reasons", label: "Reasons" },
] as const;

for (const section of ADMIN_SECTIONS) {
  test(`${section.label} fits a phone and a desktop: no sideways scrolling, every row action reachable, axe clean`, async ({
    page,
    context,
    browser,
  }, testInfo) => {
    // Reported Posts checks its Appeals and Reasons tabs too: three pages at each width.
    if (section.id === "reported-posts") test.setTimeout(180_000);
    const admin = await adminThroughApi(context, layoutAdminEmail(section.id));
    if (section.id === "costs") {
      // A cost of this administrator's, so the table has a row.
      const cost = await context.request.post("/api/admin/costs", {
        headers: admin.headers,
        data: {
          service: "Hosting",
          description: "Servers for the month",
          category: "Infrastructure",
          amount: "42.50",
        },
      });
      expect(cost.status()).toBe(201);
    }
    for (const width of WIDTHS) {
      await test.step(`${section.label} at ${width} px`, async () => {
        await checkLayout(page, section, width);
        await page.screenshot({
          path: testInfo.outputPath(`admin-${section.id}-${width}.png`),
          fullPage: true,
        });
      });
    }
    if (section.id !== "reported-posts") return;
    await test.step("an open appeal for the Appeals tab", async () => {
      const owner = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        extraHTTPHeaders: { "x-forwarded-for": newClientAddress() },
      });
      await registerThroughApi(owner);
      const postId = await createPostThroughApi(owner, `Appealed post ${Date.now()}`);
      const reasons = await context.request.get("/api/admin/moderation-reasons", { headers: admin.headers });
      const [reason] = (await reasons.json()) as { id: string }[];
      const hidden = await context.request.post(`/api/admin/tagged-posts/${postId}/hide`, {
        headers: admin.headers,
        data: { reasonId: reason?.id, reasonText: "A house number shows in the corner." },
      });
      expect(hidden.status(), await hidden.text()).toBe(200);
      const [decision] = (await (await owner.request.get("/api/moderation-decisions")).json()) as {
        id: string;
      }[];
      const appeal = await owner.request.post(`/api/moderation-decisions/${decision?.id}/appeal`, {
        headers: { origin: new URL(testInfo.project.use.baseURL ?? "").origin },
        data: { text: "It is my own street, and the number is not readable." },
      });
      expect(appeal.status(), await appeal.text()).toBe(201);
      await owner.close();
    });
    for (const tab of REPORTED_POSTS_TABS) {
      for (const width of WIDTHS) {
        await test.step(`${section.label}, ${tab.label} at ${width} px`, async () => {
          await checkLayout(page, section, width, tab);
          await page.screenshot({
            path: testInfo.outputPath(`admin-${section.id}-${tab.id}-${width}.png`),
            fullPage: true,
          });
        });
      }
    }
  });
}
