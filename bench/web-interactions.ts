// Interaction to Next Paint (INP) of three interactions, for bench/web: typing in the search box, opening a
// post from the search results, and opening the admin panel from the header. Playwright drives the system
// Chromium with its CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`), and the page itself reports each
// interaction's duration — from the input to the next frame painted — through the Event Timing API; an
// interaction's INP here is the longest of its events. The Event Timing API reports only events of 16 ms or
// more, so "< 16 ms" means none reached it. The accounts and the post are made by bench/web-app-server.ts.
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { STORAGE_KEYS } from "#web/lib/storage-keys.ts";
import { BENCH_WEB_ADMIN, BENCH_WEB_POST_NAME } from "./web-bench-data.ts";

export type InteractionMeasure = { label: string; inpMs: number };

declare global {
  interface Window {
    benchInteractions: Map<number, number>;
  }
}

/** Runs in the page before its own scripts: keeps each interaction's longest event. */
function observeInteractions() {
  window.benchInteractions = new Map();
  new PerformanceObserver((list) => {
    // interactionId is in Chromium's Event Timing entries, not yet in TypeScript's DOM types.
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
      if (!entry.interactionId) continue;
      const longest = window.benchInteractions.get(entry.interactionId) ?? 0;
      window.benchInteractions.set(entry.interactionId, Math.max(longest, entry.duration));
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/** Loads `url` and waits until the page has settled; then only what follows is counted. */
async function ready(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => window.benchInteractions.clear());
}

/** The longest interaction since `ready`, once the page has had a moment to report it. */
async function longestInteraction(page: Page): Promise<number> {
  await page.waitForTimeout(1_000);
  return page.evaluate(() => Math.max(0, ...window.benchInteractions.values()));
}

const INTERACTIONS: { label: string; signedIn?: "admin"; run: (page: Page) => Promise<void> }[] = [
  {
    label: "type in the search box",
    async run(page) {
      await ready(page, "/search-tagged-posts");
      await page.getByLabel("Post name or tagg").pressSequentially("harbour walk", { delay: 120 });
    },
  },
  {
    label: "open a post",
    async run(page) {
      await ready(page, "/search-tagged-posts");
      await page.getByLabel("Post name or tagg").fill(BENCH_WEB_POST_NAME);
      await page.keyboard.press("Enter");
      const open = page.getByRole("button", { name: `Open ${BENCH_WEB_POST_NAME}` });
      await open.waitFor();
      await page.waitForLoadState("networkidle");
      await page.evaluate(() => window.benchInteractions.clear());
      await open.click();
      await page.getByRole("dialog").waitFor();
    },
  },
  {
    label: "open the admin panel",
    signedIn: "admin",
    async run(page) {
      await ready(page, "/dashboard");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
      await page.waitForURL("**/admin**");
      await page.getByRole("navigation", { name: "Admin sections" }).waitFor();
    },
  },
];

async function newContext(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  origin: string,
  admin: boolean,
) {
  const context: BrowserContext = await browser.newContext({
    baseURL: origin,
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript(observeInteractions);
  if (admin) {
    await context.addCookies([{ name: "tagit_session", value: BENCH_WEB_ADMIN.sessionToken, url: origin }]);
    await context.addInitScript(
      ([key, value]) => {
        window.localStorage.setItem(key, value);
        window.localStorage.setItem("tagit.hideGreeting", "true");
      },
      [STORAGE_KEYS.adminSession, BENCH_WEB_ADMIN.adminSessionToken] as const,
    );
  }
  return context;
}

/** Each interaction `runs` times in a fresh context, 4× CPU slowdown; the median of the runs. */
export async function measureInteractions(chromePath: string, origin: string, runs: number) {
  const browser = await chromium.launch({ executablePath: chromePath, args: ["--no-sandbox"] });
  const measures: InteractionMeasure[] = [];
  try {
    for (const interaction of INTERACTIONS) {
      const all: number[] = [];
      for (let i = 0; i < runs; i++) {
        const context = await newContext(browser, origin, interaction.signedIn === "admin");
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        await interaction.run(page);
        all.push(await longestInteraction(page));
        await context.close();
      }
      all.sort((a, b) => a - b);
      measures.push({ label: interaction.label, inpMs: all[Math.floor(all.length / 2)] ?? 0 });
    }
  } finally {
    await browser.close();
  }
  return measures;
}

export const formatInp = (ms: number) => (ms < 16 ? "< 16 ms" : `${Math.round(ms)} ms`);
