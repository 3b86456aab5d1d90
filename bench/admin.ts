// The admin lists on the 100k-member / 1M-post data set: the Tagit app and, in the same run, a bare node:http + pg
// server doing the same SQL (bench/admin-bare-server.ts), each loaded with autocannon at a small concurrency,
// printing p50/p99 and req/s side by side with the ratio. Goal: app ≥ 0.7× bare and app p99 < 100 ms, for the
// plain, searched and sorted pages, the full-name and @tagg searches, and the audit log at 1,000,000 entries (its
// pages, filters, search and facets; decision 055), which it tops up before measuring. The requests are in
// bench/admin-list-scenarios.ts. Run bench:seed first; it creates the administrator whose sessions this bench uses.
//   npm run bench:admin -- --url postgres://postgres@127.0.0.1:5432/tagit_bench_admin
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { AUDIT_ROWS, seedAuditLog } from "./admin-audit-data.ts";
import { adminListScenarios } from "./admin-list-scenarios.ts";
import { md5Uuid, startServer } from "./servers.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "postgres://postgres@127.0.0.1:5432/tagit_bench_admin" },
    connections: { type: "string", default: "4" },
    duration: { type: "string", default: "6" },
    warmup: { type: "string", default: "2" },
    only: { type: "string" },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const warmup = Number(values.warmup);

/** The administrator bench:seed creates: member session cookie and admin session header. */
const ADMIN_HEADERS = { cookie: "tagit_session=bench-admin-token", "x-admin-session": "bench-admin-session" };

const client = new pg.Client({ connectionString: values.url });
await client.connect();
const count = async (table: string) =>
  Number((await client.query(`select count(*) from ${table}`)).rows[0].count);
const info = { members: await count("taggs"), posts: await count("tagged_posts") };
const admins = await client.query("select 1 from admin_sessions");
if (admins.rowCount !== 1)
  throw new Error("No bench administrator: run bench:seed (the current version) first");
// Cursors deep into the posts list: the keys of random posts (post j is md5('post' || j)), as paginate encodes them.
const cursorRows = await client.query(
  `select id, post_name, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from tagged_posts
   where id = any($1::uuid[])`,
  [Array.from({ length: 500 }, (_, i) => md5Uuid(`post${1 + Math.floor(((i + 0.5) * info.posts) / 500)}`))],
);
// Cursors deep into the profiles sorted by last name (member i is md5('member' || i)), as paginate encodes them.
const profileRows = await client.query(
  `select id, last_name, first_name,
     to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
   from profiles where id = any($1::uuid[])`,
  [
    Array.from({ length: 500 }, (_, i) =>
      md5Uuid(`member${1 + Math.floor(((i + 0.5) * info.members) / 500)}`),
    ),
  ],
);
await client.end();
const encode = (cursor: object) => Buffer.from(JSON.stringify(cursor)).toString("base64url");
const cursors = cursorRows.rows.map((row: { id: string; at: string }) => encode({ at: row.at, id: row.id }));
if (cursors.length === 0) throw new Error("No posts to page through: is the data set seeded?");
const byLastNameCursors = profileRows.rows.map(
  (row: { id: string; at: string; last_name: string; first_name: string }) =>
    encode({ s: "lastName", o: "asc", v: [row.last_name, row.first_name], at: row.at, id: row.id }),
);
const byNameCursors = cursorRows.rows.map((row: { id: string; at: string; post_name: string }) =>
  encode({ s: "postName", o: "desc", v: [row.post_name], at: row.at, id: row.id }),
);
if (byLastNameCursors.length === 0) throw new Error("No members to page through: is the data set seeded?");

const scenarios = adminListScenarios({
  members: info.members,
  posts: info.posts,
  cursors,
  byLastNameCursors,
  byNameCursors,
}).filter((scenario) => !values.only || scenario.name.includes(values.only));

async function load(port: number, path: () => string, seconds: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: path(), headers: ADMIN_HEADERS, method: "GET" }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function get(port: number, path: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: ADMIN_HEADERS });
  return { status: res.status, body: res.ok ? ((await res.json()) as Record<string, unknown>) : undefined };
}

/** What both servers must agree on for the same request: the ids, the total and the cursor. */
const gist = (body: Record<string, unknown> | undefined) =>
  body &&
  JSON.stringify(
    body.items
      ? {
          ids: (body.items as { id: string }[]).map((item) => item.id),
          total: body.total,
          totalCapped: body.totalCapped ?? false,
          nextCursor: body.nextCursor,
        }
      : body, // the audit log's facets: the whole answer
  );

console.log(
  `Data set ${values.url.split("/").pop()}: ${info.members} taggs, ${info.posts} posts; ${connections} connections, ${duration} s per run after ${warmup} s warm-up`,
);
const servers = {
  bare: await startServer("./admin-bare-server.ts", { DATABASE_URL: values.url }),
  app: await startServer("./app-server.ts", { DATABASE_URL: values.url }),
};
type Result = Awaited<ReturnType<typeof load>>;
const results = new Map<string, { bare: Result; app: Result }>();
const missing = new Set<string>();
try {
  // The app has applied the migrations by now: the audit log is topped up to its size (decision 055).
  if (scenarios.some((scenario) => scenario.list.startsWith("/api/admin/audit-log"))) {
    const audit = new pg.Client({ connectionString: values.url });
    await audit.connect();
    await seedAuditLog(audit, AUDIT_ROWS).finally(() => audit.end());
  }
  for (const scenario of scenarios) {
    const probe = scenario.path();
    const [bare, app] = [await get(servers.bare.port, probe), await get(servers.app.port, probe)];
    if (app.status === 404) {
      missing.add(scenario.list);
      continue;
    }
    if (bare.status !== 200 || app.status !== 200) {
      throw new Error(`${scenario.name}: bare answered ${bare.status}, app ${app.status}`);
    }
    if (gist(bare.body) !== gist(app.body)) {
      throw new Error(
        `${scenario.name}: the servers disagree\n bare ${gist(bare.body)}\n app  ${gist(app.body)}`,
      );
    }
    const row: Partial<Record<"bare" | "app", Result>> = {};
    // Alternating which server goes first would not matter much; each gets its own warm-up.
    for (const server of ["bare", "app"] as const) {
      await load(servers[server].port, scenario.path, warmup);
      row[server] = await load(servers[server].port, scenario.path, duration);
      const r = row[server];
      console.log(
        `  ${server.padEnd(4)} ${scenario.name.padEnd(30)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  errors ${r.errors}`,
      );
    }
    results.set(scenario.name, row as { bare: Result; app: Result });
  }
} finally {
  servers.bare.child.kill("SIGTERM");
  servers.app.child.kill("SIGTERM");
}

console.log(`\nconnections ${connections}, ${duration} s per run; goal: ratio ≥ 0.70 and app p99 < 100 ms`);
console.log(
  "scenario                        app req/s  bare req/s  ratio  app p50  app p99  bare p50  bare p99  goal  (data)",
);
let allMet = true;
for (const scenario of scenarios) {
  const row = results.get(scenario.name);
  if (!row) continue;
  const { app, bare } = row;
  const ratio = app.rps / bare.rps;
  const met = ratio >= 0.7 && app.p99 < 100 && app.errors === 0 && bare.errors === 0;
  allMet &&= met;
  console.log(
    `${scenario.name.padEnd(30)} ${app.rps.toFixed(0).padStart(10)}  ${bare.rps.toFixed(0).padStart(10)}  ${ratio.toFixed(2).padStart(5)}  ${String(app.p50).padStart(4)} ms ${String(app.p99).padStart(5)} ms ${String(bare.p50).padStart(5)} ms ${String(bare.p99).padStart(6)} ms  ${met ? " met" : "MISS"}  (${scenario.note})`,
  );
}
for (const list of missing) console.log(`not measured: ${list} is not a route of this app`);
process.exitCode = allMet ? 0 : 1;
