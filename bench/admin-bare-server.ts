// The baseline for bench/admin-lists: node:http + pg answering the admin lists with the same SQL the app runs —
// the member session and admin session check (one query), the page query (keyset on the sort's keys then created_at
// and id, newest first unless sorted, the case-insensitive search) and the `total` — with no framework, validation,
// ORM or serializer. Prints its port.
import { createHash } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { bareLists, type List, likePattern, text } from "./admin-bare-lists.ts";
import { serveBare } from "./servers.ts";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/** As paginate: `total` counts the matching rows up to this many, then says "more". */
const TOTAL_CAP = process.env.BENCH_EXACT_TOTAL ? Number.MAX_SAFE_INTEGER - 1 : 1_000;

// As the app: the member session and whether its admin session is unlocked, in one round trip.
const SESSION_SQL = `select s.id, p.role, p.email_verified, exists (
    select 1 from admin_sessions a where a.token_hash = $2 and a.session_id = s.id and a.expires_at > now()
  ) as unlocked
  from sessions s join profiles p on p.id = s.user_id
  where s.token_hash = $1 and s.expires_at > now() limit 1`;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const LISTS = bareLists(pool);

async function isAdministrator(req: http.IncomingMessage) {
  const token = /tagit_session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
  const adminToken = req.headers["x-admin-session"];
  if (!token || typeof adminToken !== "string") return false;
  const session = (
    await pool.query({ name: "session", text: SESSION_SQL, values: [sha256(token), sha256(adminToken)] })
  ).rows[0];
  return session?.role === "admin" && session.unlocked === true;
}

type Cursor = { s?: string; o?: string; v?: string[]; at: string; id: string };

async function page(list: List, url: URL) {
  const search = url.searchParams.get("search")?.trim() || undefined;
  const limit = Number(url.searchParams.get("limit") ?? 50);
  const sortName = url.searchParams.get("sort") ?? "";
  const order = url.searchParams.get("order") === "asc" ? "asc" : "desc";
  const sort = sortName ? list.sorts[sortName] : text();
  if (!sort) return undefined;
  const cursorParam = url.searchParams.get("cursor");
  const cursor = cursorParam
    ? (JSON.parse(Buffer.from(cursorParam, "base64url").toString()) as Cursor)
    : undefined;
  if (cursor && ((cursor.s ?? "") !== sortName || (cursor.o ?? "desc") !== order)) return undefined;
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  const conditions: string[] = [];
  if (search) conditions.push(await list.search(search, likePattern(search), param));
  const filters = list.filter?.(url.searchParams, param) ?? [];
  conditions.push(...filters);
  const countWhere = conditions.length ? `where ${conditions.join(" and ")}` : "";
  const countValues = [...values];
  const keys = [...sort.keys, list.createdAt, list.id];
  if (cursor) {
    const after = [
      ...sort.types.map((type, i) => `${param(cursor.v?.[i])}::${type}`),
      `${param(cursor.at)}::timestamptz`,
      `${param(cursor.id)}::uuid`,
    ];
    conditions.push(`(${keys.join(", ")}) ${order === "asc" ? ">" : "<"} (${after.join(", ")})`);
  }
  const where = conditions.length ? `where ${conditions.join(" and ")}` : "";
  // As paginate: the unsearched, unfiltered pages (first, later, their total) run as named prepared statements.
  const prepared = (kind: string) =>
    search || filters.length ? {} : { name: `${url.pathname} ${sortName} ${order} ${kind}` };
  const cursorSort = sort.keys.length
    ? `array[${sort.keys.map((key) => `(${key})::text`).join(", ")}]`
    : "null";
  const rows = await pool.query({
    ...prepared(cursor ? "later" : "first"),
    text: `${list.select.replace(/^select /, `select ${cursorSort} as cursor_sort, `)} ${where}
      order by ${keys.map((key) => `${key} ${order}`).join(", ")} limit ${param(limit + 1)}`,
    values,
  });
  const found = rows.rows as { id: string; cursor_at: string; cursor_sort: string[] | null }[];
  const items = found.slice(0, limit);
  const last = items.at(-1);
  // As paginate: a first page holding every match has counted them.
  const n =
    !cursor && found.length <= limit
      ? found.length
      : ((
          await pool.query({
            ...prepared("total"),
            text: process.env.BENCH_EXACT_TOTAL
              ? `select count(*)::int as n from (${list.countFrom} ${countWhere}) matches`
              : `select count(*)::int as n from (${list.countFrom} ${countWhere} limit ${TOTAL_CAP + 1}) matches`,
            values: countValues,
          })
        ).rows[0].n as number);
  return {
    items: items.map(({ cursor_at: _, cursor_sort: __, ...item }) => item),
    total: Math.min(n, TOTAL_CAP),
    totalCapped: n > TOTAL_CAP,
    nextCursor:
      found.length > limit && last
        ? Buffer.from(
            JSON.stringify({
              s: sortName,
              o: order,
              v: last.cursor_sort ?? [],
              at: last.cursor_at,
              id: last.id,
            }),
          ).toString("base64url")
        : null,
  };
}

/** As the app: the audit log's filter choices, read from the two small tables kept beside it (decision 055). */
async function auditFacets() {
  const [actors, actions] = await Promise.all([
    pool.query({
      name: "audit actors",
      text: `select actor_id as id, first_name as "firstName", last_name as "lastName" from admin_audit_actors
        order by last_name, first_name, actor_id`,
    }),
    pool.query({ name: "audit actions", text: "select action from admin_audit_actions order by action" }),
  ]);
  return { actors: actors.rows, actions: actions.rows.map((row) => row.action) };
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/api/admin/audit-log/facets") {
      if (!(await isAdministrator(req))) return res.writeHead(403).end();
      return res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(await auditFacets()));
    }
    const list = LISTS[url.pathname];
    if (!list) return res.writeHead(404).end();
    if (!(await isAdministrator(req))) return res.writeHead(403).end();
    const body = await page(list, url);
    if (!body) return res.writeHead(400).end();
    return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  } catch (err) {
    console.error(err);
    res.writeHead(500).end();
  }
});

serveBare(server);
