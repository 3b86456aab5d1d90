// First load on a phone: Lighthouse (mobile) with the system Chromium against the production build served by
// the real app (bench/web-app-server.ts), and in the same run a plain static page served the same way
// (bench/web-bare-server.ts) as the baseline. Each page is loaded twice over: with Lighthouse's default simulated
// throttling (the run PageSpeed Insights makes, which models a mid-range phone from one fast load), and with
// devtools throttling (the browser itself slowed 4× and the network throttled while the page loads). Members-only pages are
// measured signed in: a member registered through the API, its session cookie sent with every request.
//   npm run bench:web [-- --runs 3 --chrome /usr/bin/chromium --reports dir --pages /dashboard,/payments]
//   (--reports: each run's JSON report; --pages: only these of the five pages)
// Then the interactions' INP (bench/web-interactions.ts: typing in the search box, opening a post, opening the
// admin panel; 4× CPU slowdown), median of the same number of runs.
// Run it alone (flock /tmp/tagit-e2e.lock …): other load on the machine lowers the scores.
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startServer } from "./servers.ts";
import { formatInp, type InteractionMeasure, measureInteractions } from "./web-interactions.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    chrome: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    reports: { type: "string" },
    pages: { type: "string" },
  },
});
const runs = Math.max(1, Number(values.runs));

const ALL_PAGES = [
  { path: "/", signedIn: false },
  { path: "/search-tagged-posts", signedIn: false },
  { path: "/terms", signedIn: false },
  { path: "/dashboard", signedIn: true },
  { path: "/payments", signedIn: true },
];
const only = values.pages?.split(",");
const PAGES = only ? ALL_PAGES.filter((page) => only.includes(page.path)) : ALL_PAGES;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

async function startWebServer(script: string): Promise<{ origin: string; stop: () => void }> {
  const { port, child } = await startServer(script);
  return { origin: `http://localhost:${port}`, stop: () => child.kill("SIGTERM") };
}

async function registerMember(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Bench",
      lastName: "Member",
      email: `bench-web-${Date.now()}@example.com`,
      password: "bench-web-password",
    }),
  });
  const session = /tagit_session=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0];
  if (res.status !== 201 || !session) throw new Error(`registering the bench member: ${res.status}`);
  return session;
}

type Measure = {
  label: string;
  finalUrl: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsTransferBytes: number;
  jsBytes: number;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster). */
  benchmarkIndex: number;
};

type NetworkItem = { resourceType?: string; transferSize?: number; resourceSize?: number };

/** How Lighthouse slows the load: simulated (its default) or applied to the browser while it loads. */
type Throttling = "simulate" | "devtools";
const THROTTLINGS: Throttling[] = ["simulate", "devtools"];

type Load = { port: number; url: string; label: string; throttling: Throttling; cookie?: string };

async function measure({ port, url, label, throttling, cookie }: Load): Promise<Measure> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    throttlingMethod: throttling,
    ...(cookie && { extraHeaders: { Cookie: cookie } }),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (values.reports) {
    await mkdir(values.reports, { recursive: true });
    const name = `${label.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "landing"}-${throttling}-${Date.now()}.json`;
    await writeFile(path.join(values.reports, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const details = lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined;
  const scripts = (details?.items ?? []).filter((item) => item.resourceType === "Script");
  return {
    label,
    finalUrl: lhr.finalDisplayedUrl,
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as Measure["scores"],
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsBytes: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Lighthouse asks to be run again when its trace of the load came out incomplete (NO_NAVSTART and the like). */
async function measureRetrying(load: Load): Promise<Measure> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(load);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`${load.label}: ${(error as Error).message}; running it again`);
    }
  }
}

/** The median run by performance score: Lighthouse varies from run to run on a busy machine. */
async function measureMedian(load: Load) {
  const all: Measure[] = [];
  for (let i = 0; i < runs; i++) all.push(await measureRetrying(load));
  all.sort((a, b) => a.scores.performance - b.scores.performance);
  return all[Math.floor(all.length / 2)] as Measure;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
function print(m: Measure) {
  const s = m.scores;
  console.log(
    `${m.label.padEnd(22)} ${String(s.performance).padStart(4)} ${String(s.accessibility).padStart(5)} ${String(s["best-practices"]).padStart(5)} ${String(s.seo).padStart(4)}  ${`${(m.lcpMs / 1000).toFixed(2)} s`.padStart(7)} ${`${Math.round(m.tbtMs)} ms`.padStart(8)} ${m.cls.toFixed(3).padStart(6)}  ${kb(m.jsTransferBytes).padStart(9)} ${kb(m.jsBytes).padStart(9)}`,
  );
}

execFileSync(process.execPath, [fileURLToPath(new URL("../scripts/ensure-built.mjs", import.meta.url))], {
  stdio: "inherit",
});
const app = await startWebServer("./web-app-server.ts");
const bare = await startWebServer("./web-bare-server.ts");
const chrome = await chromeLauncher.launch({
  chromePath: values.chrome,
  chromeFlags: ["--headless=new", "--no-sandbox"],
});
const measures: Record<Throttling, Measure[]> = { simulate: [], devtools: [] };
let interactions: InteractionMeasure[] = [];
try {
  try {
    const cookie = await registerMember(app.origin);
    for (const throttling of THROTTLINGS) {
      const port = chrome.port;
      const label = "baseline (static page)";
      measures[throttling].push(await measureMedian({ port, url: `${bare.origin}/`, label, throttling }));
      for (const page of PAGES) {
        const url = `${app.origin}${page.path}`;
        const m = await measureMedian({
          port,
          url,
          label: page.path,
          throttling,
          cookie: page.signedIn ? cookie : undefined,
        });
        if (new URL(m.finalUrl).pathname !== page.path)
          throw new Error(`${page.path} ended on ${m.finalUrl}`);
        measures[throttling].push(m);
      }
    }
  } finally {
    chrome.kill();
  }
  interactions = await measureInteractions(values.chrome, app.origin, runs);
} finally {
  app.stop();
  bare.stop();
}

const TITLES: Record<Throttling, string> = {
  simulate: "Lighthouse mobile, default simulated throttling (as PageSpeed Insights)",
  devtools: "Lighthouse mobile, devtools throttling (the browser slowed 4×, the network throttled)",
};
for (const throttling of THROTTLINGS) {
  const measured = measures[throttling];
  // Either way the slowdown is a fixed factor of this machine's speed, so the same page blocks for longer on a
  // slower or busier machine: the figures of two runs compare only at a like CPU benchmark index.
  const indexes = measured.map((m) => m.benchmarkIndex).sort((a, b) => a - b);
  console.log(`\n${TITLES[throttling]}, median of ${runs} run(s) per page`);
  console.log(
    `CPU benchmark index ${Math.round(indexes[0] ?? 0)}–${Math.round(indexes.at(-1) ?? 0)} (Lighthouse's measure of this machine's speed)`,
  );
  console.log("page                   perf  a11y    bp  seo      LCP      TBT    CLS   JS (wire) JS (bytes)");
  for (const m of measured) print(m);
  const [baseline, ...pages] = measured as [Measure, ...Measure[]];
  console.log("ratio to the baseline (app / static page)");
  for (const m of pages) {
    console.log(
      `${m.label.padEnd(22)} performance ${(m.scores.performance / baseline.scores.performance).toFixed(2)}  LCP ${(m.lcpMs / baseline.lcpMs).toFixed(2)}×`,
    );
  }
}

console.log(`\nInteraction to Next Paint (4× CPU slowdown, 1280×800), median of ${runs} run(s)`);
for (const m of interactions) console.log(`${m.label.padEnd(24)} ${formatInp(m.inpMs).padStart(8)}`);
