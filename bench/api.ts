// Loads the two hot paths with autocannon on real PostgreSQL — GET /api/tagg-analytics (full answer and 304)
// and GET /api/public/tagged-posts?search= — against the Tagit app and, in the same run, a bare node:http + pg
// server doing the same SQL. Run bench:seed first (a small and a large data set to compare).
//   npm run bench:api -- --url postgres://…/tagit_bench_small --url postgres://…/tagit_bench
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";

const { values } = parseArgs({
  options: {
    url: { type: "string", multiple: true, default: ["postgres://postgres@127.0.0.1:5432/tagit_bench"] },
    connections: { type: "string", default: "50" },
    duration: { type: "string", default: "10" },
    "sample-members": { type: "string", default: "2000" },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);

function startServer(script: string, databaseUrl: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL(script, import.meta.url))],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.once("data", (chunk: Buffer) => resolve({ port: Number(chunk.toString().trim()), child }));
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;

async function load(port: number, makeRequest: () => { path: string; headers?: Record<string, string> }) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [{ setupRequest: (req) => ({ ...req, ...makeRequest(), method: "GET" }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx - (result["3xx"] ?? 0),
  };
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

for (const url of values.url) {
  const info = await datasetInfo(url);
  const dataset = `${info.posts.toLocaleString("en")} posts`;
  console.log(
    `\nData set ${url.split("/").pop()}: ${info.members} members, ${info.posts} posts, ${info.events} events`,
  );
  const sample = Math.min(info.members, Number(values["sample-members"]));
  const cookies = Array.from(
    { length: sample },
    (_, i) => `tagit_session=bench-token-${1 + Math.floor((i * info.members) / sample)}`,
  );

  for (const server of ["bare", "app"] as const) {
    const { port, child } = await startServer(server === "app" ? "./app-server.ts" : "./bare-server.ts", url);
    // The ETag each sampled member's analytics currently has, for the 304 scenario.
    const etags = new Map<string, string>();
    for (const cookie of cookies.slice(0, 300)) {
      const res = await fetch(`http://127.0.0.1:${port}/api/tagg-analytics`, { headers: { cookie } });
      etags.set(cookie, res.headers.get("etag") ?? "");
      await res.arrayBuffer();
    }
    const withEtag = [...etags];
    const scenarios: [string, () => { path: string; headers?: Record<string, string> }][] = [
      ["tagg-analytics 200", () => ({ path: "/api/tagg-analytics", headers: { cookie: pick(cookies) } })],
      [
        "tagg-analytics 304",
        () => {
          const [cookie, etag] = pick(withEtag);
          return { path: "/api/tagg-analytics", headers: { cookie, "if-none-match": etag } };
        },
      ],
      [
        "search by post name",
        () => ({
          path: `/api/public/tagged-posts?search=${encodeURIComponent(`bench post ${1 + Math.floor(Math.random() * info.posts)}`)}`,
        }),
      ],
    ];
    for (const [scenario, makeRequest] of scenarios) {
      await load(port, makeRequest); // warm-up
      const result = await load(port, makeRequest);
      rows.push({ dataset, scenario, server, ...result });
      console.log(
        `  ${server.padEnd(4)} ${scenario.padEnd(20)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(3)} ms  errors ${result.errors}`,
      );
    }
    child.kill("SIGTERM");
  }
}

console.log(`\nconnections ${connections}, ${duration} s per run`);
console.log("data set        scenario              app req/s  bare req/s  ratio  app p50  app p99  bare p99");
for (const app of rows.filter((r) => r.server === "app")) {
  const bare = rows.find(
    (r) => r.server === "bare" && r.scenario === app.scenario && r.dataset === app.dataset,
  );
  if (!bare) continue;
  console.log(
    `${app.dataset.padEnd(15)} ${app.scenario.padEnd(20)} ${app.rps.toFixed(0).padStart(9)}  ${bare.rps.toFixed(0).padStart(10)}  ${(app.rps / bare.rps).toFixed(2).padStart(5)}  ${String(app.p50).padStart(5)} ms ${String(app.p99).padStart(5)} ms ${String(bare.p99).padStart(6)} ms`,
  );
}
