import type { Browser, Page } from "@playwright/test";
import { E2E_ADMIN_EMAILS, openAdminPanel } from "./support/admin-steps.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { expect, newMember, test } from "./support/fixtures.ts";
import { createPost, registerMember, withoutGreeting } from "./support/member-steps.ts";

/** A member in a browser context of their own, presenting their own client address. */
async function memberPage(browser: Browser, baseURL: string | undefined, address: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": address } });
  await withoutGreeting(context);
  return context.newPage();
}

/** Every section of the panel, in the order of the wide screen's sidebar. */
async function sectionsOf(page: Page) {
  const links = page.getByRole("navigation", { name: "Admin sections" }).getByRole("link");
  await expect(links.first()).toBeVisible();
  const sections = [];
  for (const link of await links.all()) {
    const id = new URL((await link.getAttribute("href")) ?? "", "http://x").searchParams.get("section");
    sections.push({ id: id ?? "", label: (await link.innerText()).trim() });
  }
  return sections;
}

const WIDTHS = [360, 1280] as const;

test("every admin section fits a phone and a desktop: no sideways scrolling, every row action reachable, axe clean", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Every section at two widths, each checked by axe and photographed: minutes on a slow two-core machine.
  test.setTimeout(420_000);
  const postName = `Layout post ${Date.now()}`;
  let postId = "";

  await test.step("a member publishes a post and another member reports it, so the tables have rows", async () => {
    const owner = await memberPage(browser, baseURL, "10.77.0.1");
    await registerMember(owner, newMember());
    await createPost(owner, postName);
    const posts = (await (await owner.request.get("/api/tagged-posts")).json()) as { id: string }[];
    postId = posts[0]?.id ?? "";
    const reporter = await memberPage(browser, baseURL, "10.77.0.2");
    await registerMember(reporter, newMember());
    const report = await reporter.request.post(`/api/tagged-posts/${postId}/report`, {
      data: { reason: "spam" },
      headers: { origin: new URL(reporter.url()).origin },
    });
    expect(report.status()).toBe(201);
    await owner.context().close();
    await reporter.context().close();
  });

  await openAdminPanel(page, E2E_ADMIN_EMAILS.layout);
  await page.setViewportSize({ width: 1280, height: 800 });
  const sections = await sectionsOf(page);
  expect(sections.length).toBeGreaterThan(15);

  const adminHeaders = async () => ({
    origin: new URL(page.url()).origin,
    "x-admin-session": (await page.evaluate(() => window.localStorage.getItem("tagit.adminSession"))) ?? "",
  });
  let costId = "";
  await test.step("the administrator records a cost", async () => {
    const cost = await page.request.post("/api/admin/costs", {
      headers: await adminHeaders(),
      data: {
        service: "Hosting",
        description: "Servers for the month",
        category: "Infrastructure",
        amount: "42.50",
      },
    });
    expect(cost.status()).toBe(201);
    costId = (await cost.json()).id;
  });

  for (const width of WIDTHS) {
    for (const section of sections) {
      await test.step(`${section.label} at ${width} px`, async () => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/admin?section=${section.id}`);
        await expect(page.getByRole("heading", { level: 1, name: section.label, exact: true })).toBeVisible();
        await expect(page.getByText(/^Loading/)).toHaveCount(0);

        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect.soft(pageWidth, `${section.label} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);

        if (width >= 1280) {
          const overflowing = await page
            .locator("main table")
            .evaluateAll((tables) =>
              tables.some(
                (table) =>
                  (table.parentElement?.scrollWidth ?? 0) > (table.parentElement?.clientWidth ?? 0) + 1,
              ),
            );
          expect.soft(overflowing, `a table of ${section.label} scrolls sideways at ${width} px`).toBe(false);
        }

        // The first row of a table: its first two cells (an id and a name) not hidden behind the row's actions,
        // and every action in it reachable and not covered.
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
            await action.click({ trial: true });
          }
        }
        await expectNoSeriousA11yViolations(page, `admin ${section.label} at ${width} px`);
        await page.screenshot({
          path: testInfo.outputPath(`admin-${section.id}-${width}.png`),
          fullPage: true,
        });
      });
    }
  }

  await test.step("put the cost and the report away for the journeys that follow", async () => {
    const headers = await adminHeaders();
    expect((await page.request.delete(`/api/admin/costs/${costId}`, { headers })).status()).toBe(200);
    const dismissed = await page.request.post(`/api/admin/reported-posts/${postId}/dismiss`, { headers });
    expect(dismissed.status()).toBe(200);
  });
});
