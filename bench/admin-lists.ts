// The admin lists on the 100k-member / 1M-post data set: the Tagit app and, in the same run, a bare node:http + pg
// server doing the same SQL (bench/admin-bare-server.ts), each loaded with autocannon at a small concurrency,
// printing p50/p99 and req/s side by side with the ratio. Goal (issues 13 and 29): app ≥ 0.7× bare, app p99 < 100 ms,
// for the plain, searched and (issue 29) sorted pages and the full-name and @tagg searches, and the audit log at
// 1,000,000 entries (its pages, filters, search and facets; decision 055), which it tops up before measuring.
// Run bench:seed first; it creates the administrator whose sessions this bench uses.
//   npm run bench:admin -- --url postgres://postgres@127.0.0.1:5432/tagit_bench_admin
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { AUDIT_ACTOR_MEMBERS, AUDIT_ROWS, seedAuditLog } from "./audit-data.ts";
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

const random = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
const query = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

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

type Scenario = { name: string; list: string; path: () => string; note: string };
const m = info.members;
const scenarios: Scenario[] = [
  {
    name: "taggs search, few",
    list: "/api/admin/taggs",
    note: "tagg member_<4 digits>: 11 rows",
    path: () => query("/api/admin/taggs", { search: `member_${random(1000, 9999)}` }),
  },
  {
    name: "taggs search, many",
    list: "/api/admin/taggs",
    note: "first name First<digit>: 11,111 rows",
    path: () => query("/api/admin/taggs", { search: `first${random(1, 9)}` }),
  },
  {
    name: "taggs first page",
    list: "/api/admin/taggs",
    note: "no search",
    path: () => "/api/admin/taggs",
  },
  {
    name: "profiles search, email",
    list: "/api/admin/profiles",
    note: "e-mail member<5 digits>@: 1 row",
    path: () => query("/api/admin/profiles", { search: `member${random(10000, Math.max(10000, m))}@` }),
  },
  {
    name: "profiles search, bio",
    list: "/api/admin/profiles",
    note: "bio city <3 digits>,: ~67 rows",
    path: () => query("/api/admin/profiles", { search: `city ${random(100, 996)},` }),
  },
  {
    name: "profiles by last name",
    list: "/api/admin/profiles",
    note: "sort=lastName&order=asc, first page",
    path: () => query("/api/admin/profiles", { sort: "lastName", order: "asc" }),
  },
  {
    name: "profiles by last name, later",
    list: "/api/admin/profiles",
    note: "sort=lastName&order=asc, cursor at a random depth",
    path: () =>
      query("/api/admin/profiles", { sort: "lastName", order: "asc", cursor: pick(byLastNameCursors) }),
  },
  {
    name: "profiles by e-mail, desc",
    list: "/api/admin/profiles",
    note: "sort=email&order=desc, first page",
    path: () => query("/api/admin/profiles", { sort: "email", order: "desc" }),
  },
  {
    name: "profiles search, full name",
    list: "/api/admin/profiles",
    note: "First<i> Last<i>: 1 row",
    path: () => {
      const i = random(10000, Math.max(10000, m));
      return query("/api/admin/profiles", { search: `First${i} Last${i}` });
    },
  },
  {
    name: "taggs search, @tagg",
    list: "/api/admin/taggs",
    note: "@member_<5 digits>: 1-11 rows",
    path: () => query("/api/admin/taggs", { search: `@member_${random(10000, Math.max(10000, m))}` }),
  },
  {
    name: "posts first page",
    list: "/api/admin/tagged-posts",
    note: "no search",
    path: () => "/api/admin/tagged-posts",
  },
  {
    name: "posts later page",
    list: "/api/admin/tagged-posts",
    note: "cursor at a random depth",
    path: () => query("/api/admin/tagged-posts", { cursor: pick(cursors) }),
  },
  {
    name: "posts by name, later",
    list: "/api/admin/tagged-posts",
    note: "sort=postName&order=desc, cursor at a random depth",
    path: () =>
      query("/api/admin/tagged-posts", { sort: "postName", order: "desc", cursor: pick(byNameCursors) }),
  },
  {
    name: "posts search, tagg",
    list: "/api/admin/tagged-posts",
    note: "owner tagg member_<5 digits>: ~10 rows",
    path: () =>
      query("/api/admin/tagged-posts", { search: `member_${random(10001, Math.max(10001, m - 1))}` }),
  },
  {
    name: "posts search, name",
    list: "/api/admin/tagged-posts",
    note: "post name bench post <6 digits>: 1 row",
    path: () =>
      query("/api/admin/tagged-posts", {
        search: `bench post ${random(100000, Math.max(100000, info.posts))}`,
      }),
  },
  {
    name: "audit first page",
    list: "/api/admin/audit-log",
    note: "1M entries, newest first",
    path: () => "/api/admin/audit-log",
  },
  {
    name: "audit by action",
    list: "/api/admin/audit-log",
    note: "action=payout.reveal: ~43k entries",
    path: () => query("/api/admin/audit-log", { action: "payout.reveal" }),
  },
  {
    name: "audit by actor",
    list: "/api/admin/audit-log",
    note: "actorId of one of 20 administrators: 50k entries",
    path: () => query("/api/admin/audit-log", { actorId: md5Uuid(`member${pick(AUDIT_ACTOR_MEMBERS)}`) }),
  },
  {
    name: "audit search, actor name",
    list: "/api/admin/audit-log",
    note: "First<k> Last<k>: 50k entries",
    path: () => {
      const k = pick(AUDIT_ACTOR_MEMBERS);
      return query("/api/admin/audit-log", { search: `First${k} Last${k}` });
    },
  },
  {
    name: "audit search, target id",
    list: "/api/admin/audit-log",
    note: "a target's uuid: 1 entry",
    path: () => query("/api/admin/audit-log", { search: md5Uuid(`audit-target${random(1, AUDIT_ROWS)}`) }),
  },
  {
    name: "audit facets",
    list: "/api/admin/audit-log/facets",
    note: "20 actors, 23 actions",
    path: () => "/api/admin/audit-log/facets",
  },
].filter((scenario) => !values.only || scenario.name.includes(values.only));

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
