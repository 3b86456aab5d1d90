// Load held: a realistic mix (bench/load-client.ts: searches, views, analytics polls with live
// streams open, the dashboard's lists, sign-ins, sign-ups, uploads and posts) from 500 people at once against
// one Tagit instance on PostgreSQL, then against two behind the clients' round-robin (one PostgreSQL, one Redis,
// one shared upload directory). Each configuration runs twice: at a person's pace (a pause of about a second
// between one person's requests) for the latencies, errors and memory over time, then flat out (no pause) for the
// most each configuration serves. Then the flood (bench/flood.ts): public searches from 500 connections ignoring
// Retry-After, beside the same searches from 20 (`--flood-only` runs just that). Run bench:seed first (100k
// members, 1M posts).
//   npm run bench:load -- --url postgres://postgres@127.0.0.1:5432/tagit_bench --redis redis://127.0.0.1:6379
import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import sharp from "sharp";
import { FLOOD_HEADER, type FloodFigures, flood, floodLine, mergeFloods } from "./flood.ts";
import { photoPixels } from "./generate-images.ts";
import { errorsOf, type Figures } from "./http-client.ts";
import { ask, processUsage, startServer, stopServer } from "./servers.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "postgres://postgres@127.0.0.1:5432/tagit_bench" },
    redis: { type: "string", default: "redis://127.0.0.1:6379" },
    clients: { type: "string", default: "500" },
    duration: { type: "string", default: "60" },
    "flat-out": { type: "string", default: "30" },
    "think-ms": { type: "string", default: "1000" },
    streams: { type: "string", default: "300" },
    instances: { type: "string", default: "1,2" },
    "flood-connections": { type: "string", default: "500" },
    "flood-only": { type: "boolean", default: false },
  },
});
const duration = Number(values.duration);
const ORIGIN = "http://localhost:3000"; // the app's PUBLIC_URL in bench/app-server.ts
const SAMPLE_EVERY_MS = 5_000;

const db = new pg.Client({ connectionString: values.url });
await db.connect();
const members = Number(
  (await db.query("select count(*) from profiles where tagg like 'member_%'")).rows[0].count,
);
await db.end();
if (members < 10_000) throw new Error(`the data set has ${members} members: run bench:seed first`);

const work = await mkdtemp(path.join(tmpdir(), "tagit-bench-load-"));
const photoPath = path.join(work, "photo.jpg");
// A phone photo scaled for the web: 1600×1200 JPEG (about 0.5 MB).
await writeFile(
  photoPath,
  await sharp(photoPixels(1600, 1200, 3), { raw: { width: 1600, height: 1200, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer(),
);

/** CPU seconds the whole machine has spent so far, busy and in all, from /proc/stat (Linux). */
function machineCpu() {
  const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0]?.split(/\s+/) ?? [];
  const seconds = (from: number, to: number) =>
    fields.slice(from, to).reduce((sum, n) => sum + Number(n), 0) / 100;
  // user nice system | idle iowait | irq softirq steal
  return { busy: seconds(0, 3) + seconds(5, 8), total: seconds(0, 8) };
}
const processCpu = (pid: number) => processUsage(pid).cpu;
/** Runs `phase` and says how busy the cores were meanwhile: all of them, and each instance's process. */
async function measuringCpu<T>(pids: number[], phase: () => Promise<T>) {
  const machine = machineCpu();
  const apps = pids.map(processCpu);
  const started = performance.now();
  const result = await phase();
  const seconds = (performance.now() - started) / 1000;
  const now = machineCpu();
  const cores = (now.total - machine.total) / seconds;
  const busy = (now.busy - machine.busy) / seconds;
  const perApp = pids.map((pid, i) => (processCpu(pid) - (apps[i] ?? 0)) / seconds);
  const line = `    CPU: ${busy.toFixed(2)} of ${cores.toFixed(0)} cores busy; ${perApp.map((c, i) => `instance ${i + 1} ${c.toFixed(2)}`).join(", ")} (the rest: PostgreSQL, Redis, the clients)`;
  return { result, line };
}

type Ran = { elapsed: number; figures: Record<string, Figures>; streamsOpen: number; eventsReceived: number };
const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;
const signed = (mb: number) => `${mb >= 0 ? "+" : ""}${mb.toFixed(0)}`;

/**
 * How much resident memory grew over the second half of the samples, by the least-squares line through them:
 * the garbage collector's saw-tooth moves single samples by tens of MB either way, a leak moves the line.
 */
function lastHalfTrend(series: number[]) {
  const half = series.slice(Math.floor(series.length / 2));
  if (half.length < 2) return 0;
  const meanX = (half.length - 1) / 2;
  const meanY = half.reduce((sum, y) => sum + y, 0) / half.length;
  let covariance = 0;
  let variance = 0;
  half.forEach((y, x) => {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  });
  return (covariance / variance) * (half.length - 1);
}

const total = (ran: Ran) => Object.values(ran.figures).reduce((sum, f) => sum + f.count, 0);
/** Requests served (not refused with Retry-After, not failed), per second. */
const served = (ran: Ran) =>
  Object.values(ran.figures).reduce((sum, f) => sum + f.count - f.refused - errorsOf(f), 0) / ran.elapsed;

function printRoutes(ran: Ran) {
  console.log(
    "    route                            requests   req/s     p50       p99   errors  refused  statuses",
  );
  for (const [route, f] of Object.entries(ran.figures).sort()) {
    console.log(
      `    ${route.padEnd(32)} ${String(f.count).padStart(8)} ${(f.count / ran.elapsed).toFixed(0).padStart(7)} ${ms(f.p50)} ${ms(f.p99)} ${String(errorsOf(f)).padStart(7)} ${String(f.refused).padStart(8)}  ${JSON.stringify(f.statuses)}`,
    );
  }
}

/** The realistic mix (bench/load-client.ts), at a person's pace and then flat out. */
async function mixPhases(count: number, instances: { port: number; child: ChildProcess }[]) {
  const client = fork(fileURLToPath(new URL("./load-client.ts", import.meta.url)), {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      BENCH_PORTS: instances.map((i) => i.port).join(","),
      BENCH_CLIENTS: values.clients,
      BENCH_MEMBERS: String(members),
      BENCH_ORIGIN: ORIGIN,
      BENCH_PHOTO: photoPath,
    },
  });
  await new Promise((resolve) => client.once("message", resolve));
  const opened = await ask<{ open: number }>(client, { streams: Number(values.streams) }, "streams");
  console.log(
    `\n${count} instance${count > 1 ? "s" : ""}: ${values.clients} people at once, ${opened.open} live streams open`,
  );

  // At a person's pace, with each instance's memory sampled as it goes.
  const memory: number[][] = instances.map(() => []);
  const sampler = setInterval(() => {
    instances.forEach((instance, i) => {
      memory[i]?.push(processUsage(instance.child.pid ?? 0).rss);
    });
  }, SAMPLE_EVERY_MS);
  offset += 40_000;
  const pids = instances.map((instance) => instance.child.pid ?? 0);
  const { result: paced, line: pacedCpu } = await measuringCpu(pids, () =>
    ask<Ran>(client, { run: { seconds: duration, thinkMs: Number(values["think-ms"]), offset } }, "ran"),
  );
  clearInterval(sampler);
  console.log(
    `  at a person's pace (${values["think-ms"]} ms between requests): ${total(paced)} requests in ${paced.elapsed.toFixed(0)} s, ${(total(paced) / paced.elapsed).toFixed(0)} req/s; ${paced.eventsReceived} live events received`,
  );
  printRoutes(paced);
  console.log(pacedCpu);
  const growth = memory.map(lastHalfTrend);
  memory.forEach((series, i) => {
    console.log(
      `    instance ${i + 1} resident memory every ${SAMPLE_EVERY_MS / 1000} s (MB): ${series.map((mb) => mb.toFixed(0)).join(" ")}  — trend over the last half ${signed(growth[i] ?? 0)} MB`,
    );
  });

  offset += 40_000;
  const { result: flat, line: flatCpu } = await measuringCpu(pids, () =>
    ask<Ran>(client, { run: { seconds: Number(values["flat-out"]), thinkMs: 0, offset } }, "ran"),
  );
  console.log(
    `  flat out: ${total(flat)} requests in ${flat.elapsed.toFixed(0)} s, ${(total(flat) / flat.elapsed).toFixed(0)} req/s`,
  );
  printRoutes(flat);
  console.log(flatCpu);

  const worst = (ran: Ran, uploads: boolean) =>
    Math.max(
      ...Object.entries(ran.figures)
        .filter(([route]) => route.includes("upload-image") === uploads)
        .map(([, f]) => f.p99),
    );
  const errors = (ran: Ran) => Object.values(ran.figures).reduce((sum, f) => sum + errorsOf(f), 0);
  summary.push(
    [
      `${count}`.padStart(9),
      (total(paced) / paced.elapsed).toFixed(0).padStart(9),
      served(paced).toFixed(0).padStart(6),
      ms(worst(paced, false)),
      ms(worst(paced, true)),
      String(errors(paced)).padStart(6),
      growth.map(signed).join("/").padStart(8),
      (total(flat) / flat.elapsed).toFixed(0).padStart(10),
      served(flat).toFixed(0).padStart(6),
      String(errors(flat)).padStart(6),
    ].join("  "),
  );

  flatOut.push(served(flat));
  client.kill();
}

/**
 * The flood: public searches from far more connections than the instances can serve, ignoring Retry-After,
 * spread over the instances as a load balancer would, beside the same searches from 20 connections.
 */
async function floodPhase(count: number, instances: { port: number }[]) {
  const search = () => ({
    path: `/api/public/tagged-posts?search=${encodeURIComponent(`bench post ${1 + random(members * 10)}`)}`,
    headers: { "x-forwarded-for": `10.${random(255)}.${random(255)}.${1 + random(253)}` },
  });
  const across = async (connections: number, seconds: number) =>
    mergeFloods(
      await Promise.all(
        instances.map(({ port }) =>
          flood(port, search, { connections: Math.ceil(connections / count), duration: seconds }),
        ),
      ),
    );
  const modest = await across(20, 10);
  const flooded = await across(Number(values["flood-connections"]), 15);
  floods.push({ count, modest, flooded });
}

const summary: string[] = [];
const floods: { count: number; modest: FloodFigures; flooded: FloodFigures }[] = [];
const random = (below: number) => Math.floor(Math.random() * below);
const flatOut: number[] = [];
let offset = 0;
for (const count of values.instances.split(",").map(Number)) {
  const dataDir = path.join(work, `data-${count}`);
  const env = {
    DATABASE_URL: values.url,
    BENCH_DATA_DIR: dataDir,
    ...(count > 1 ? { REDIS_URL: values.redis } : {}),
  };
  const instances = await Promise.all(
    Array.from({ length: count }, () => startServer("./app-server.ts", env)),
  );
  if (!values["flood-only"]) await mixPhases(count, instances);
  await floodPhase(count, instances);
  await Promise.all(instances.map((instance) => stopServer(instance.child)));
}

if (summary.length > 0) {
  console.log(
    "\ninstances  paced r/s  served  worst p99 (not upload)  upload p99  errors  MB, 2nd half  flat-out r/s  served  errors",
  );
  for (const row of summary) console.log(row);
}
const [one, two] = flatOut;
if (one && two) console.log(`two instances / one, served flat out: ${(two / one).toFixed(2)}×`);
console.log("\nThe flood: public search ignoring Retry-After, 15 s, beside 20 connections for 10 s");
console.log(`instances  ${FLOOD_HEADER}`);
for (const { count, modest, flooded } of floods) {
  console.log(`${String(count).padStart(9)}  ${floodLine(modest, modest)}`);
  console.log(`${"".padStart(9)}  ${floodLine(flooded, modest)}`);
}
await rm(work, { recursive: true, force: true });
