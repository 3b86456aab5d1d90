// The baseline for bench/admin-lists: node:http + pg answering the admin lists with the same SQL the app runs —
// the member session and admin session checks, the page query (keyset on created_at and id, newest first, the
// case-insensitive search) and the `total` — with no framework, validation, ORM or serializer. Prints its port.
import { createHash } from "node:crypto";
import http from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/** As paginate: `total` counts the matching rows up to this many, then says "more". */
const TOTAL_CAP = process.env.BENCH_EXACT_TOTAL ? Number.MAX_SAFE_INTEGER - 1 : 10_000;

const SESSION_SQL = `select s.id, p.role, p.email_verified from sessions s join profiles p on p.id = s.user_id
  where s.token_hash = $1 and s.expires_at > now() limit 1`;
const ADMIN_SESSION_SQL = `select id from admin_sessions
  where token_hash = $1 and session_id = $2 and expires_at > now() limit 1`;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const CURSOR_AT = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`;

type List = {
  /** select … from … (joins included), without where. */
  select: string;
  /** select … from … for the count, without where. */
  countFrom: string;
  createdAt: string;
  id: string;
  /** The search condition, with $1 the ILIKE pattern. */
  search: string;
};

const LISTS: Record<string, List> = {
  "/api/admin/taggs": {
    select: `select t.id, t.tagg, t.first_name, t.last_name, t.email, t.reason, t.is_hidden, t.created_at,
        p.subscription_status, ${CURSOR_AT("t.created_at")}
      from taggs t left join profiles p on p.tagg = t.tagg`,
    countFrom: "select 1 from taggs t",
    createdAt: "t.created_at",
    id: "t.id",
    search: `(t.tagg ilike $1 or t.first_name ilike $1 or t.last_name ilike $1 or t.email ilike $1
      or t.reason ilike $1)`,
  },
};

async function isAdministrator(req: http.IncomingMessage) {
  const token = /tagit_session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
  const adminToken = req.headers["x-admin-session"];
  if (!token || typeof adminToken !== "string") return false;
  const session = (await pool.query({ name: "session", text: SESSION_SQL, values: [sha256(token)] })).rows[0];
  if (session?.role !== "admin") return false;
  const admin = await pool.query({
    name: "admin-session",
    text: ADMIN_SESSION_SQL,
    values: [sha256(adminToken), session.id],
  });
  return admin.rows.length > 0;
}

async function page(list: List, url: URL) {
  const search = url.searchParams.get("search")?.trim() || undefined;
  const limit = Number(url.searchParams.get("limit") ?? 50);
  const cursorParam = url.searchParams.get("cursor");
  const cursor = cursorParam
    ? (JSON.parse(Buffer.from(cursorParam, "base64url").toString()) as { at: string; id: string })
    : undefined;
  const values: unknown[] = [];
  const conditions: string[] = [];
  if (search) {
    values.push(likePattern(search));
    conditions.push(list.search);
  }
  const countWhere = conditions.length ? `where ${conditions.join(" and ")}` : "";
  const countValues = [...values];
  if (cursor) {
    values.push(cursor.at, cursor.id);
    conditions.push(
      `(${list.createdAt}, ${list.id}) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`,
    );
  }
  const where = conditions.length ? `where ${conditions.join(" and ")}` : "";
  values.push(limit + 1);
  const [rows, count] = await Promise.all([
    pool.query(
      `${list.select} ${where} order by ${list.createdAt} desc, ${list.id} desc limit $${values.length}`,
      values,
    ),
    pool.query(
      process.env.BENCH_EXACT_TOTAL
        ? `select count(*)::int as n from (${list.countFrom} ${countWhere}) matches`
        : `select count(*)::int as n from (${list.countFrom} ${countWhere} limit ${TOTAL_CAP + 1}) matches`,
      countValues,
    ),
  ]);
  const found = rows.rows as { id: string; cursor_at: string }[];
  const items = found.slice(0, limit);
  const last = items.at(-1);
  const n = count.rows[0].n as number;
  return {
    items: items.map(({ cursor_at: _, ...item }) => item),
    total: Math.min(n, TOTAL_CAP),
    totalCapped: n > TOTAL_CAP,
    nextCursor:
      found.length > limit && last
        ? Buffer.from(JSON.stringify({ at: last.cursor_at, id: last.id })).toString("base64url")
        : null,
  };
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://x");
    const list = LISTS[url.pathname];
    if (!list) return res.writeHead(404).end();
    if (!(await isAdministrator(req))) return res.writeHead(403).end();
    const body = await page(list, url);
    return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  } catch (err) {
    console.error(err);
    res.writeHead(500).end();
  }
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(typeof address === "object" && address ? address.port : "");
});
