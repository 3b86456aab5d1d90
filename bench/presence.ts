// Members online on one instance: the Tagit app on the PostgreSQL bench data set (run
// bench:seed first: 100k members, 1M posts), with N signed-in members each holding the live stream open and
// polling their analytics every 3 s with its ETag (bench/presence-client.ts, in its own process), while anonymous
// visitors search post names and signed-in members view online members' posts by name. Anonymous activity is held
// in one-minute buckets and released up to a minute after each (the release job runs every 10 s), so releases
// run throughout. For growing N it
// prints the polls served, the searches' p99, the time from a named view to its owner's stream, the anonymous
// events released, and the app's memory and CPU. Then, with every
// stream still open, the unchanged poll at full speed beside a bare Fastify endpoint without I/O, same run.
//   npm run bench:presence -- --url postgres://postgres@127.0.0.1:5432/tagit_bench --steps 1000,5000,10000 --duration 60
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { errorsOf, type Figures } from "./http-client.ts";
import { ask, processUsage, startServer, stopServer } from "./servers.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "postgres://postgres@127.0.0.1:5432/tagit_bench" },
    steps: { type: "string", default: "1000,5000,10000" },
    // A minute at least, so each step sees a release of held anonymous activity (the job runs every minute).
    duration: { type: "string", default: "60" },
    searches: { type: "string", default: "50" },
    views: { type: "string", default: "10" },
    "saturation-seconds": { type: "string", default: "10" },
  },
});
const steps = values.steps.split(",").map(Number);
const duration = Number(values.duration);
const ORIGIN = "http://localhost:3000"; // the app's PUBLIC_URL in bench/app-server.ts

/** Runs one query on the bench database (its own connection, apart from the app's). */
async function benchQuery(text: string, params: unknown[] = []) {
  const connection = new pg.Client({ connectionString: values.url });
  await connection.connect();
  try {
    return (await connection.query(text, params)).rows;
  } finally {
    await connection.end();
  }
}
const [{ count: memberCount }] = await benchQuery(
  "select count(*)::int as count from profiles where tagg like 'member_%'",
);
const members = Number(memberCount);
if (members < Math.max(...steps))
  throw new Error(`the data set has ${members} members: run bench:seed first`);

type Measured = {
  online: number;
  streamsOpen: number;
  streamsRefused: number;
  polls: Figures;
  searches: Figures;
  views: Figures;
  viewToStream: { count: number; lost: number; p50: number; p99: number };
  eventsReceived: number;
};

const app = await startServer("./app-server.ts", {
  DATABASE_URL: values.url,
  ANONYMOUS_RELEASE_MINUTES: "1",
  ANONYMOUS_RELEASE_JITTER_MINUTES: "1",
  JOBS_FIRST_RUN_DELAY_MS: "1000",
});
const appPid = app.child.pid ?? 0;
const client = fork(fileURLToPath(new URL("./presence-client.ts", import.meta.url)), {
  execArgv: ["--import", "tsx"],
  env: {
    ...process.env,
    BENCH_PORT: String(app.port),
    BENCH_MEMBERS: String(members),
    BENCH_SEARCHES: values.searches,
    BENCH_VIEWS: values.views,
    BENCH_ORIGIN: ORIGIN,
  },
});
await new Promise((resolve) => client.once("message", resolve));

console.log(
  `${members} members in the data set; each online member polls every 3 s with its stream open; ` +
    `${values.searches} anonymous searches/s and ${values.views} named views/s; ${duration} s per step`,
);
const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;
const rows: string[] = [];
for (const target of steps) {
  const opening = performance.now();
  const grown = await ask<{ online: number; streamsOpen: number }>(client, { grow: target }, "grown");
  console.log(
    `  ${grown.online} online, ${grown.streamsOpen} streams open (${((performance.now() - opening) / 1000).toFixed(0)} s to open)`,
  );
  const before = processUsage(appPid);
  const [{ startedAt }] = await benchQuery('select now() as "startedAt"');
  const m = await ask<Measured>(client, { measure: duration }, "measured");
  const after = processUsage(appPid);
  // Anonymous events the release job listed to their owners while the step ran.
  const [{ n: released }] = await benchQuery(
    "select count(*)::int as n from search_analytics where visitor_id is null and listed_at >= $1",
    [startedAt],
  );
  const cpuPercent = ((after.cpu - before.cpu) / (duration + 1.5)) * 100;
  rows.push(
    [
      String(m.online).padStart(6),
      String(m.streamsOpen).padStart(7),
      (m.polls.count / duration).toFixed(0).padStart(8),
      ms(m.polls.p99),
      String(errorsOf(m.polls)).padStart(5),
      (m.searches.count / duration).toFixed(0).padStart(6),
      ms(m.searches.p50),
      ms(m.searches.p99),
      String(errorsOf(m.searches) + errorsOf(m.views)).padStart(5),
      `${String(m.viewToStream.count).padStart(5)}/${String(m.views.count).padEnd(5)}`,
      ms(m.viewToStream.p50),
      ms(m.viewToStream.p99),
      String(released).padStart(8),
      `${after.rss.toFixed(0).padStart(6)} MB`,
      `${cpuPercent.toFixed(0).padStart(4)} %`,
    ].join("  "),
  );
  console.log(`  measured: ${JSON.stringify(m)}`);
}

console.log(
  "\nonline  streams  polls/s  poll p99  errs  srch/s  srch p50  srch p99  errs  seen/views  v→s p50  v→s p99  released  app RSS  app CPU",
);
for (const row of rows) console.log(row);

// Full speed: the unchanged poll of online members (their streams open), beside a bare endpoint without I/O.
// First every window of held anonymous searches that ends before the run is over is settled (released, or moved
// on to a wider window when it held fewer visitors than the minimum), so no list changes during the run.
const drainStarted = performance.now();
const settlingBefore = Number(values["saturation-seconds"]) + 60;
const dueSoon = async () =>
  (
    await benchQuery(
      "select count(*)::int as n from anonymous_activity_pending where release_at < now() + make_interval(secs => $1)",
      [settlingBefore],
    )
  )[0]?.n;
while ((await dueSoon()) > 0) {
  if (performance.now() - drainStarted > 180_000) throw new Error("held anonymous activity was not settled");
  await new Promise((resolve) => setTimeout(resolve, 2_000));
}
const [held] = await benchQuery(
  "select count(*)::int as rows, count(distinct target_user_id)::int as owners from anonymous_activity_pending",
);
console.log(
  `\nheld anonymous activity settled ${((performance.now() - drainStarted) / 1000).toFixed(0)} s after the steps; ` +
    `${held?.rows} searches of ${held?.owners} owners still held, their windows too small to release`,
);
const sample = await ask<{ cookie: string; etag: string; address: string }[]>(
  client,
  { etags: 2000 },
  "etags",
);
const saturate = async (port: number, pick: () => Record<string, string>) => {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 100,
    duration: Number(values["saturation-seconds"]),
    requests: [{ setupRequest: (req) => ({ ...req, path: "/api/tagg-analytics", headers: pick() }) }],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    notModified: Number(result.statusCodeStats?.["304"]?.count ?? 0),
    total: result.requests.total,
  };
};
const member = () => {
  const { cookie, etag, address } = sample[
    Math.floor(Math.random() * sample.length)
  ] as (typeof sample)[number];
  return { cookie, "if-none-match": etag, "x-forwarded-for": address };
};
const bare = await startServer("./presence-bare-server.ts");
await saturate(bare.port, () => ({ "if-none-match": 'W/"bare"' })); // warm-up
const bareResult = await saturate(bare.port, () => ({ "if-none-match": 'W/"bare"' }));
await stopServer(bare.child);
await saturate(app.port, member); // warm-up
const appResult = await saturate(app.port, member);
const stillOpen = await ask<{ streamsOpen: number }>(client, { grow: 0 }, "grown");

console.log(
  `\nunchanged poll at full speed, 100 connections, ${stillOpen.streamsOpen} streams open on the app:`,
);
console.log("server          req/s    p99   304s of all");
console.log(
  `app        ${appResult.rps.toFixed(0).padStart(8)}  ${String(appResult.p99).padStart(3)} ms  ${appResult.notModified}/${appResult.total}`,
);
console.log(
  `bare JSON  ${bareResult.rps.toFixed(0).padStart(8)}  ${String(bareResult.p99).padStart(3)} ms  ${bareResult.notModified}/${bareResult.total}`,
);
console.log(`ratio ${(appResult.rps / bareResult.rps).toFixed(2)}  (goal: the app ≥ 10,000 req/s)`);

client.kill();
await stopServer(app.child);
