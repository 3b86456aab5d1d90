// Loads the hot paths with autocannon — GET /api/tagg-analytics (full answer and 304), GET
// /api/public/tagged-posts?search= and, with --pglite, POST /api/tagged-posts (creating a post) — against the Tagit app and, in the same run, a bare server doing the
// same SQL: on PostgreSQL (node:http + pg; run bench:seed first, a small and a large data set to compare), or
// with --pglite on the embedded default (Fastify + PGlite; the data set is made in a temporary directory),
// and on both, the flood (bench/flood.ts): 500 connections ignoring Retry-After, served and refused apart.
//   npm run bench:api -- --url postgres://…/tagit_bench_small --url postgres://…/tagit_bench
//   npm run bench:api -- --pglite
// --metrics and --tracing run the app twice instead, without and with METRICS_PORT (scraped every 5 s) and/or
// OpenTelemetry traces (sent to a local OTLP receiver that discards them), at once and taking turns under each load
// (--rounds, median kept), and print the throughput with them on as a share of it with them off.
//   npm run bench:api -- --pglite --metrics --tracing
// --scenario keeps the scenarios whose name contains it (--scenario 304: the cheapest answer alone, for a profile).
// --statements (with --pglite): each server prints the statements it ran, their count and mean time, as it stops.

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { freePort } from "#server/test/free-port.ts";
import { blockingMembers, seedBenchData } from "./bench-data.ts";
import { FLOOD_HEADER, type FloodFigures, flood, floodLine } from "./flood.ts";
import { startServer, stopServer } from "./servers.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", multiple: true, default: ["postgres://postgres@127.0.0.1:5432/tagit_bench"] },
    pglite: { type: "boolean", default: false },
    "pglite-members": { type: "string", default: "10000" },
    connections: { type: "string" },
    duration: { type: "string", default: "10" },
    "sample-members": { type: "string", default: "2000" },
    "flood-connections": { type: "string", default: "500" },
    metrics: { type: "boolean", default: false },
    tracing: { type: "boolean", default: false },
    rounds: { type: "string", default: "3" },
    scenario: { type: "string" },
    statements: { type: "boolean", default: false },
  },
});
// Each server then prints, as it stops, where its time in PGlite went, statement by statement (statement-timing.ts).
if (values.statements && values.pglite) process.env.BENCH_STATEMENTS = "1";
const connections = Number(values.connections ?? (values.pglite ? 20 : 50));
const duration = Number(values.duration);
const floodConnections = Number(values["flood-connections"]);

/** Where a server finds its database: `DATABASE_URL` or `PGLITE_DIR`. */
type Target = {
  name: string;
  env: Record<string, string>;
  info: { members: number; posts: number; events: number };
};

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
const random = (below: number) => Math.floor(Math.random() * below);

type Request = { path: string; headers?: Record<string, string>; method?: "GET" | "POST"; body?: string };

async function load(port: number, makeRequest: () => Request, load = { connections, duration }) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    ...load,
    timeout: 10,
    requests: [{ setupRequest: (req) => ({ ...req, method: "GET", ...makeRequest() }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx - (result["3xx"] ?? 0),
    timeouts: result.timeouts,
    refused: Number(result.statusCodeStats?.["503"]?.count ?? 0),
  };
}

/** User and system time of a process so far, from /proc (Linux), in seconds. */
async function processorSeconds(pid: number | undefined) {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are the 14th and 15th fields, counted from the pid; the slice starts at the 3rd.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}
const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** A PGlite data directory with the migrated, seeded bench data set (members, 10 posts and 10 events each). */
async function pgliteTarget(members: number): Promise<Target & { dir: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "tagit-bench-pglite-"));
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  const handle = await openDatabase({ kind: "pglite", client });
  await runMigrations(handle);
  await seedDefaults(handle.db);
  const info = { members, posts: members * 10, events: members * 10 };
  await seedBenchData(client, info);
  await client.close();
  return { name: `PGlite, ${members} members`, env: { PGLITE_DIR: dir }, info, dir };
}

async function datasetInfo(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const count = async (table: string) =>
    Number((await client.query(`select count(*) from ${table}`)).rows[0].count);
  const info = {
    members: await count("profiles"),
    posts: await count("tagged_posts"),
    events: await count("search_analytics"),
  };
  await client.end();
  return info;
}

type Row = {
  dataset: string;
  scenario: string;
  server: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
};
const rows: Row[] = [];
const floods: { dataset: string; server: string; modest: FloodFigures; flooded: FloodFigures }[] = [];

const targets: Target[] = values.pglite
  ? [await pgliteTarget(Number(values["pglite-members"]))]
  : await Promise.all(
      values.url.map(async (url) => ({
        name: url.split("/").pop() ?? url,
        env: { DATABASE_URL: url },
        info: await datasetInfo(url),
      })),
    );
const scripts = values.pglite
  ? { bare: "./api-bare-pglite-server.ts", app: "./app-server.ts" }
  : { bare: "./api-bare-server.ts", app: "./app-server.ts" };
/** Whether this run measures what metrics and traces cost, rather than the app beside the bare server. */
const observing = values.metrics || values.tracing;
/** What each row compares: the app beside the bare server, or the app with metrics and/or traces beside without. */
const [baseline, measured] = observing
  ? ([
      "app",
      ["app", ...(values.metrics ? ["metrics"] : []), ...(values.tracing ? ["traces"] : [])].join("+"),
    ] as const)
  : (["bare", "app"] as const);
const SCRAPE_EVERY_MS = 5_000;

/** A local OTLP receiver that reads and discards what it is sent, answering as a collector does. */
async function discardingReceiver() {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/x-protobuf" }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Scrapes the app's metrics every few seconds until stopped; answers how many scrapes were made. */
function scrapeEvery(port: number) {
  let scrapes = 0;
  const timer = setInterval(() => {
    fetch(`http://127.0.0.1:${port}/metrics`).then(
      async (res) => {
        await res.arrayBuffer();
        if (res.ok) scrapes += 1;
      },
      () => {},
    );
  }, SCRAPE_EVERY_MS);
  return () => {
    clearInterval(timer);
    return scrapes;
  };
}

for (const target of targets) {
  const { info } = target;
  const dataset = `${info.posts.toLocaleString("en")} posts`;
  console.log(
    `\nData set ${target.name}: ${info.members} members, ${info.posts} posts, ${info.events} events`,
  );
  const sample = Math.min(info.members, Number(values["sample-members"]));
  const cookies = Array.from(
    { length: sample },
    (_, i) => `tagit_session=bench-token-${1 + Math.floor((i * info.members) / sample)}`,
  );

  // An anonymous visitor's exact-name search, each from an address of its own (see TRUST_PROXY in app-server).
  const searchByName = () => ({
    path: `/api/public/tagged-posts?search=${encodeURIComponent(`bench post ${1 + Math.floor(Math.random() * info.posts)}`)}`,
    headers: { "x-forwarded-for": `10.${random(255)}.${random(255)}.${1 + random(253)}` },
  });

  // The same search for a post whose owner blocked 1,000 members (post j belongs to member 1 + j % members).
  const blockers = blockingMembers(info.members);
  const searchBlockersPost = () => {
    const member = 1 + random(blockers);
    const rounds = Math.max(1, Math.floor(info.posts / info.members));
    const post = member - 1 + random(rounds) * info.members || info.members;
    return {
      path: `/api/public/tagged-posts?search=${encodeURIComponent(`bench post ${post}`)}`,
      headers: { "x-forwarded-for": `10.${random(255)}.${random(255)}.${1 + random(253)}` },
    };
  };

  /** A sampled member creates a post from their upload (bench-data.ts), under a name no run has used. */
  const createPost = (server: string) => {
    let created = 0;
    const run = `${server}-${Date.now().toString(36)}`;
    return () => {
      const member = 1 + Math.floor(Math.random() * sample) * Math.floor(info.members / sample);
      const upload = `/uploads/${createHash("md5").update(`upload${member}`).digest("hex")}`;
      created += 1;
      return {
        method: "POST" as const,
        path: "/api/tagged-posts",
        headers: {
          cookie: `tagit_session=bench-token-${member}`,
          origin: "http://localhost:3000", // the app's PUBLIC_URL (bench/app-server.ts)
          "content-type": "application/json",
        },
        body: JSON.stringify({
          postName: `new post ${run} ${created}`,
          originalImage: `${upload}.jpg`,
          scrambledImage: `${upload}-scrambled.jpg`,
          comment: "Made by bench:api",
        }),
      };
    };
  };

  /** The hot paths against the app at `port` (the 304s with the tags it answers now). */
  const scenariosAt = async (port: number, server: string) => {
    const etags = new Map<string, string>();
    for (const cookie of cookies.slice(0, 300)) {
      const res = await fetch(`http://127.0.0.1:${port}/api/tagg-analytics`, { headers: { cookie } });
      etags.set(cookie, res.headers.get("etag") ?? "");
      await res.arrayBuffer();
    }
    const withEtag = [...etags];
    const scenarios: [string, () => Request][] = [
      ["tagg-analytics 200", () => ({ path: "/api/tagg-analytics", headers: { cookie: pick(cookies) } })],
      [
        "tagg-analytics 304",
        () => {
          const [cookie, etag] = pick(withEtag);
          return { path: "/api/tagg-analytics", headers: { cookie, "if-none-match": etag } };
        },
      ],
      ["search by post name", searchByName],
      ["search, owner blocks 1,000", searchBlockersPost],
    ];
    if (values.pglite) scenarios.push(["create post", createPost(server)]);
    return scenarios.filter(([name]) => name.includes(values.scenario ?? ""));
  };
  const printResult = (server: string, scenario: string, result: Awaited<ReturnType<typeof load>>) => {
    console.log(
      `  ${server.padEnd(11)} ${scenario.padEnd(27)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(3)} ms  errors ${result.errors}`,
    );
    // A server that answers errors does less than the route: its throughput compares with nothing.
    if (result.errors > 0) throw new Error(`${server} answered ${result.errors} errors on ${scenario}`);
  };

  if (observing) {
    await compareObservedAndNot(target, dataset, scenariosAt, printResult);
    continue;
  }
  for (const server of ["bare", "app"] as const) {
    const { port, child } = await startServer(scripts[server], target.env);
    for (const [scenario, makeRequest] of await scenariosAt(port, server)) {
      await load(port, makeRequest); // warm-up
      const result = await load(port, makeRequest);
      rows.push({ dataset, scenario, server, ...result });
      printResult(server, scenario, result);
    }
    // The flood: far more connections than the server can serve, ignoring Retry-After, beside the same search at
    // the run's own concurrency.
    const modest = await flood(port, searchByName, { connections, duration });
    const flooded = await flood(port, searchByName, { connections: floodConnections, duration: 15 });
    floods.push({ dataset, server, modest, flooded });
    console.log(`  ${server.padEnd(4)} flood     ${floodLine(flooded, modest)}`);
    await stopServer(child); // PGlite's directory is opened by one process at a time
  }
}

/**
 * --metrics / --tracing: the app without and with METRICS_PORT and/or traces, both running at once (on PGlite
 * each on its own copy of the data set) and taking turns under each load, `rounds` times in alternating order, so
 * that whatever else the machine does falls on both alike. The median round of each is kept. The metrics are
 * scraped every 5 s; the traces go to a receiver in this process that discards them.
 */
async function compareObservedAndNot(
  target: Target,
  dataset: string,
  scenariosAt: (port: number, server: string) => Promise<[string, () => Request][]>,
  printResult: (server: string, scenario: string, result: Awaited<ReturnType<typeof load>>) => void,
) {
  const metricsPort = await freePort();
  const receiver = values.tracing ? await discardingReceiver() : undefined;
  const copy = target.env.PGLITE_DIR ? `${target.env.PGLITE_DIR}-observed` : undefined;
  if (target.env.PGLITE_DIR && copy) await cp(target.env.PGLITE_DIR, copy, { recursive: true });
  const off = await startServer(scripts.app, target.env);
  const on = await startServer(scripts.app, {
    ...target.env,
    ...(copy && { PGLITE_DIR: copy }),
    ...(values.metrics && { METRICS_PORT: String(metricsPort) }),
    ...(receiver && { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }),
  });
  const stopScraping = values.metrics ? scrapeEvery(metricsPort) : undefined;
  const apps = [
    { server: baseline, ...off, scenarios: new Map(await scenariosAt(off.port, baseline)) },
    { server: measured, ...on, scenarios: new Map(await scenariosAt(on.port, measured)) },
  ];
  /** The run's throughput, and the processor time the app spent per request (less moved by the machine's noise). */
  const loadScenario = async (app: (typeof apps)[number], scenario: string) => {
    const makeRequest = app.scenarios.get(scenario);
    if (!makeRequest) throw new Error(`no scenario ${scenario}`);
    const cpuBefore = await processorSeconds(app.child.pid);
    const result = await load(app.port, makeRequest);
    const cpu = (await processorSeconds(app.child.pid)) - cpuBefore;
    return { ...result, cpuPerRequestUs: (cpu * 1e6) / (result.rps * duration) };
  };
  const rounds = Number(values.rounds);
  for (const scenario of apps[0]?.scenarios.keys() ?? []) {
    const results = new Map<string, Awaited<ReturnType<typeof loadScenario>>[]>();
    for (const app of apps) await loadScenario(app, scenario); // warm-up
    for (let round = 0; round < rounds; round += 1) {
      for (const app of round % 2 === 0 ? apps : [...apps].reverse()) {
        const result = await loadScenario(app, scenario);
        results.set(app.server, [...(results.get(app.server) ?? []), result]);
        printResult(app.server, scenario, result);
      }
    }
    for (const [server, runs] of results) {
      const median = [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
      if (median) rows.push({ dataset, scenario, server, ...median });
    }
    // Each round's two runs were back to back, so their ratio is the least disturbed by the machine's other work.
    const offRuns = results.get(baseline) ?? [];
    const paired = (results.get(measured) ?? []).map((run, i) => run.rps / (offRuns[i]?.rps ?? Number.NaN));
    const medianRatio = median(paired);
    const cpuOf = (server: string) => median((results.get(server) ?? []).map((run) => run.cpuPerRequestUs));
    console.log(
      `  ${scenario}: on/off by round ${paired.map((ratio) => ratio.toFixed(2)).join(" ")}, median ${medianRatio.toFixed(2)}; ` +
        `processor per request ${cpuOf(measured).toFixed(0)} µs on, ${cpuOf(baseline).toFixed(0)} µs off (${(cpuOf(baseline) / cpuOf(measured)).toFixed(2)})`,
    );
  }
  if (stopScraping) console.log(`  ${measured} was scraped ${stopScraping()} times`);
  await Promise.all([stopServer(off.child), stopServer(on.child)]);
  receiver?.server.close();
  if (copy) await rm(copy, { recursive: true, force: true });
}

console.log(`\nconnections ${connections}, ${duration} s per run`);
console.log(
  observing
    ? `data set        scenario                     on req/s  off req/s   ratio  on p50   on p99   off p99  (on: ${measured})`
    : "data set        scenario                     app req/s  bare req/s  ratio  app p50  app p99  bare p99",
);
for (const app of rows.filter((r) => r.server === measured)) {
  const bare = rows.find(
    (r) => r.server === baseline && r.scenario === app.scenario && r.dataset === app.dataset,
  );
  if (!bare) continue;
  console.log(
    `${app.dataset.padEnd(15)} ${app.scenario.padEnd(27)} ${app.rps.toFixed(0).padStart(9)}  ${bare.rps.toFixed(0).padStart(10)}  ${(app.rps / bare.rps).toFixed(2).padStart(5)}  ${String(app.p50).padStart(5)} ms ${String(app.p99).padStart(5)} ms ${String(bare.p99).padStart(6)} ms`,
  );
}
// --metrics and --tracing run no flood: what it measures is refusals, not what observing costs.
if (floods.length > 0) {
  console.log(
    `\nThe flood: public search from ${floodConnections} connections ignoring Retry-After, 15 s, beside ${connections} connections`,
  );
  console.log(`data set        server  ${FLOOD_HEADER}`);
  for (const run of floods) {
    console.log(`${run.dataset.padEnd(15)} ${run.server.padEnd(6)}  ${floodLine(run.modest, run.modest)}`);
    console.log(`${"".padEnd(15)} ${"".padEnd(6)}  ${floodLine(run.flooded, run.modest)}`);
  }
}
for (const target of targets) {
  if (target.env.PGLITE_DIR) await rm(target.env.PGLITE_DIR, { recursive: true, force: true });
}
