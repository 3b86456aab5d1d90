// The server-rendered pages arrive with their content (decision 056): what shows before any script runs is
// what React shows once it has taken the page over, with no hydration mismatch.
import type { Browser, BrowserContext, ConsoleMessage, Page } from "@playwright/test";
import { expect, newMember, test } from "./support/fixtures.ts";
import { registerMember, withoutGreeting } from "./support/member-steps.ts";

/** What the browser shows of the page's main content, or the whole page on the landing page (no header). */
const shownText = (page: Page, selector: string) => page.locator(selector).innerText();

/** The page as the server sent it: the same browser state, no scripts at all. */
async function withoutScripts(browser: Browser, context: BrowserContext) {
  return browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
}

/** Console errors and warnings, and anything React says about hydration. */
function complaintsOf(page: Page) {
  const complaints: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    const text = message.text();
    if (message.type() === "error" || message.type() === "warning" || /hydrat|recoverable/i.test(text)) {
      complaints.push(`${message.type()}: ${text}`);
    }
  });
  return complaints;
}

/** Loads `url` with scripts and waits until the page's scripts and their first requests are done. */
async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

/**
 * Holds back the scripts `pattern` matches until `release()` is called; `asked()` says whether the page has
 * asked for one yet (the page is shown, and its scripts are on their way but have not run).
 */
async function holdScripts(page: Page, pattern = "**/assets/*.js") {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(pattern, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

const PAGES = [
  { url: "/", shows: "Post it under a unique name. See who comes looking.", selector: "#main" },
  { url: "/search-tagged-posts", shows: "Post name or tagg", selector: "#main" },
  { url: "/terms", shows: "Terms and Conditions", selector: "#root" },
  { url: "/transparency", shows: "What each figure counts", selector: "#root" },
];

for (const { url, shows, selector } of PAGES) {
  test(`a visitor's ${url} shows the same page before and after React takes it over`, async ({
    browser,
    context,
    page,
  }) => {
    const plain = await withoutScripts(browser, context);
    const before = await plain.newPage();
    await before.goto(url);
    await expect(before.locator("#root")).toContainText(shows);
    const sent = await shownText(before, selector);
    await plain.close();

    const complaints = complaintsOf(page);
    await hydrated(page, url);
    expect(await shownText(page, selector)).toBe(sent);
    expect(complaints, "console errors, warnings and hydration messages").toEqual([]);
  });
}

test("an address the app has no page for answers 404, with the same not-found page before and after React", async ({
  browser,
  context,
  page,
}) => {
  const url = "/dashbord";
  const plain = await withoutScripts(browser, context);
  const before = await plain.newPage();
  const sentAnswer = await before.goto(url);
  expect(sentAnswer?.status()).toBe(404);
  await expect(before.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  const sent = await shownText(before, "#main");
  await plain.close();

  const complaints = complaintsOf(page);
  const answer = await page.goto(url);
  await page.waitForLoadState("networkidle");
  expect(answer?.status()).toBe(404);
  expect(await shownText(page, "#main")).toBe(sent);
  // The link home works once React has the page.
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL("/");
  // The browser reports the document's own 404; nothing else may complain.
  expect(complaints.filter((line) => !line.includes("status of 404"))).toEqual([]);
});

test("a member's page shows their header from the first paint, and a member at / is sent to the dashboard", async ({
  browser,
  context,
  page,
}) => {
  await withoutGreeting(context);
  await registerMember(page, newMember());

  const plain = await withoutScripts(browser, context);
  const before = await plain.newPage();
  await before.goto("/terms");
  const header = before.getByRole("navigation", { name: "Main" });
  await expect(header.getByRole("link", { name: "Create Post" })).toBeVisible();
  await expect(before.getByRole("link", { name: "Login / Register" })).toHaveCount(0);
  const sent = await shownText(before, "#main");
  await before.goto("/");
  await expect(before.getByText("Opening your dashboard...")).toBeVisible();
  await expect(before.getByText("Post it under a unique name")).toHaveCount(0);
  await plain.close();

  const complaints = complaintsOf(page);
  await hydrated(page, "/terms");
  expect(await shownText(page, "#main")).toBe(sent);
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(complaints.filter((line) => /hydrat|recoverable/i.test(line))).toEqual([]);
});

test("a member's dashboard header and Premium page show before the scripts run, and the same once React has them", async ({
  browser,
  context,
  page,
}) => {
  await withoutGreeting(context);
  const member = newMember();
  await registerMember(page, member);
  const header = `section[aria-labelledby="dashboard-member-name"]`;

  const plain = await withoutScripts(browser, context);
  const before = await plain.newPage();
  await before.goto("/dashboard");
  await expect(before.locator(header)).toContainText(`${member.firstName} ${member.lastName}`);
  await expect(before.getByRole("button", { name: "Security" })).toBeVisible();
  const sentHeader = await shownText(before, header);
  await before.goto("/payments");
  await expect(before.getByRole("heading", { name: "Upgrade to Premium" })).toBeVisible();
  await expect(before.locator("#main")).toContainText("GBP 12");
  const sentPremium = await shownText(before, "#main");
  await plain.close();

  const complaints = complaintsOf(page);
  await hydrated(page, "/dashboard");
  expect(await shownText(page, header)).toBe(sentHeader);
  // Once React has the page, the header's buttons answer.
  await page.getByRole("button", { name: "What We Do" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await hydrated(page, "/payments");
  expect(await shownText(page, "#main")).toBe(sentPremium);
  expect(complaints, "console errors, warnings and hydration messages").toEqual([]);
});

test("what a visitor types into the search box before the page's script runs is kept", async ({ page }) => {
  // The page's scripts are held back until the visitor has typed.
  const scripts = await holdScripts(page);
  await page.goto("/search-tagged-posts");
  await page.getByLabel("Post name or tagg").fill("@grace");
  scripts.release();
  await expect(page.getByRole("button", { name: "Search", exact: true })).toBeEnabled();
  await expect(page.getByLabel("Post name or tagg")).toHaveValue("@grace");
});

test("a search pressed before React has the page is made once it has, not sent as a native form", async ({
  page,
}) => {
  // The app's entry runs, but the page's own chunk, which React needs before it hydrates, is held back.
  const scripts = await holdScripts(page, "**/assets/search-tagged-posts-page-*.js");
  await page.goto("/search-tagged-posts");
  await expect.poll(scripts.asked).toBe(true);
  const term = `Early ${Date.now()}`;
  await page.getByLabel("Post name or tagg").fill(term);
  await page.keyboard.press("Enter");
  // Not submitted natively (which would reload the page with the term only prefilled, searching nothing).
  await expect(page).toHaveURL(/\/search-tagged-posts$/);
  await expect(page.getByText("No posts found")).toHaveCount(0);
  scripts.release();
  await expect(page.getByRole("heading", { name: "No posts found" })).toBeVisible();
});

test("a button pressed before the page's script runs is pressed once React has the page", async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto("/auth");
  // The page is shown and its scripts are on their way, but none has run.
  await expect.poll(scripts.asked).toBe(true);
  await page.getByRole("button", { name: "Create an account" }).click();
  await expect(page.getByLabel("First Name")).toHaveCount(0);
  scripts.release();
  await expect(page.getByLabel("First Name")).toBeVisible();
  // Pressed once, not twice: the card did not go back to signing in.
  await expect(page.getByRole("button", { name: "Sign in instead" })).toBeVisible();
});

test("what a member types into the sign-in form before the page's script runs signs them in", async ({
  browser,
  page,
}) => {
  const member = newMember();
  await registerMember(page, member);

  const visitor = await browser.newContext();
  const early = await visitor.newPage();
  const scripts = await holdScripts(early);
  await early.goto("/auth");
  await expect.poll(scripts.asked).toBe(true);
  await early.getByLabel("Email").fill(member.email);
  await early.getByLabel("Password", { exact: true }).fill(member.password);
  await early.getByRole("button", { name: "Sign In", exact: true }).click();
  scripts.release();
  // Signed in with what was typed: the form's state took the fields' values when the app took the page over.
  await expect(early).toHaveURL(/\/dashboard$/);
  await visitor.close();
});

test("a tagg a member types on their dashboard before its script runs is checked and claimed once it has", async ({
  context,
  page,
}) => {
  await withoutGreeting(context);
  await registerMember(page, newMember());
  const tagg = `early${Date.now()}`;

  const scripts = await holdScripts(page);
  await page.goto("/dashboard");
  await expect.poll(scripts.asked).toBe(true);
  const claim = page.getByRole("region", { name: "Claim your tagg" });
  await claim.getByRole("textbox", { name: "Your tagg" }).fill(tagg);
  scripts.release();
  await expect(claim.getByText(`@${tagg} is available`)).toBeVisible();
  await claim.getByRole("button", { name: "Claim" }).click();
  await expect(page.getByText("Tagg Claimed")).toBeVisible();
  await expect(page.locator("#main").getByText(`@${tagg}`, { exact: true })).toBeVisible();
});

test("a phone scrolled down before the page's script runs stays where it is once React has the page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const scripts = await holdScripts(page);
  await page.goto("/auth");
  const createAccount = page.getByRole("button", { name: "Create an account" });
  await createAccount.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled, "the card's last button is below a phone's first screen").toBeGreaterThan(0);
  await page.evaluate(() =>
    document.addEventListener(
      "tagit:hydrated",
      () => document.documentElement.setAttribute("data-test-hydrated", ""),
      {
        once: true,
      },
    ),
  );
  scripts.release();
  await expect(page.locator("html[data-test-hydrated]")).toHaveCount(1);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await createAccount.click();
  await expect(page.getByLabel("First Name")).toBeVisible();
});
