// The baseline for bench/admin-lists: node:http + pg answering the admin lists with the same SQL the app runs —
// the member session and admin session check (one query), the page query (keyset on the sort's keys then created_at
// and id, newest first unless sorted, the case-insensitive search) and the `total` — with no framework, validation,
// ORM or serializer. Prints its port.
import { createHash } from "node:crypto";
import http from "node:http";
import pg from "pg";

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
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const CURSOR_AT = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`;

/** A sort of a list: its keys (SQL expressions) and their types, before (created_at, id). */
type Sort = { keys: string[]; types: string[] };
const text = (...keys: string[]): Sort => ({ keys, types: keys.map(() => "text") });

type List = {
  /** select … from … (joins included), without where. */
  select: string;
  /** The sorts `sort=` may name, as the app declares them. */
  sorts: Record<string, Sort>;
  /** select … from … for the count, without where. */
  countFrom: string;
  createdAt: string;
  id: string;
  /** The search condition; `param` adds a parameter and answers its placeholder. */
  search: (term: string, pattern: string, param: (value: unknown) => string) => Promise<string>;
  /** The list's own filters (the audit log's actor and action), as conditions. */
  filter?: (params: URLSearchParams, param: (value: unknown) => string) => string[];
};

/**
 * As the app's audit log search (decision 055): one trigram-indexed text of the actor's full name, the action,
 * the target type and a non-uuid target id; a uuid target id matched whole, also among a cleanup run's ids.
 */
const UUID_PATTERN = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";
const AUDIT_TEXT = `(a.actor_first_name || ' ' || a.actor_last_name || E'\\n' || a.action || E'\\n' || a.target_type
  || case when a.target_id ~ '${UUID_PATTERN}' then '' else E'\\n' || a.target_id end)`;
async function auditSearch(term: string, pattern: string, param: (v: unknown) => string) {
  const places = [`${AUDIT_TEXT} ilike ${param(pattern)}`];
  if (new RegExp(UUID_PATTERN, "i").test(term)) {
    const id = term.toLowerCase();
    places.push(`a.target_id = ${param(id)}`);
    // …and a cleanup run listing it among the ids it deleted.
    places.push(
      `(a.action = 'cleanup.run' and (a.summary -> 'after' -> 'ids') @> ${param(JSON.stringify([id]))}::jsonb)`,
    );
  }
  return `(${places.join(" or ")})`;
}

/**
 * As the app's people search: the tagg without a leading "@", the full name as shown, then other columns; ILIKE
 * on each, the pattern passed once per place as the app's query builder does.
 */
const peopleSearch =
  (alias: string, columns: string[]) =>
  async (term: string, pattern: string, param: (v: unknown) => string) => {
    const places: string[] = [];
    const bare = term.replace(/^@/, "");
    if (bare) places.push(`${alias}.tagg ilike ${param(likePattern(bare))}`);
    places.push(`(${alias}.first_name || ' ' || ${alias}.last_name) ilike ${param(pattern)}`);
    for (const column of columns) places.push(`${column} ilike ${param(pattern)}`);
    return `(${places.join(" or ")})`;
  };

const UUID_TEMPLATE = "00000000-0000-0000-0000-000000000000";
const OWNER_LIST_MAX = 1_000;

/** The Tagged posts search: id prefix as a key range, owner tagg, post name, UTC creation day (as the app). */
async function postsSearch(term: string, pattern: string, param: (v: unknown) => string) {
  const places: string[] = [];
  const start = term.toLowerCase();
  if (
    [...start].every((c, i) =>
      UUID_TEMPLATE[i] === "-" ? c === "-" : i < UUID_TEMPLATE.length && /[0-9a-f]/.test(c),
    )
  ) {
    const rest = UUID_TEMPLATE.slice(start.length);
    places.push(`t.id between ${param(start + rest)} and ${param(start + rest.replaceAll("0", "f"))}`);
  }
  const tagg = term.replace(/^@/, "");
  if (/^[a-z0-9_]+$/i.test(tagg)) {
    const taggPattern = `%${tagg.replaceAll("_", "\\_")}%`;
    const owners = await pool.query("select id from profiles where tagg ilike $1 limit $2", [
      taggPattern,
      OWNER_LIST_MAX + 1,
    ]);
    if (owners.rows.length > OWNER_LIST_MAX) places.push(`p.tagg ilike ${param(taggPattern)}`);
    else if (owners.rows.length > 0) {
      places.push(`t.user_id in (${owners.rows.map((row) => param(row.id)).join(", ")})`);
    }
  }
  places.push(`t.post_name ilike ${param(pattern)}`);
  if (/^[0-9-]+$/.test(term)) {
    const text = `to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') ilike ${param(pattern)}`;
    const named = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(term);
    if (!named) places.push(text);
    else {
      const [y, m, d] = [Number(named[1]), Number(named[2] ?? 0), Number(named[3] ?? 0)];
      const from = new Date(Date.UTC(y, m ? m - 1 : 0, d || 1));
      const until = new Date(Date.UTC(y + (m ? 0 : 1), m ? m - 1 + (d ? 0 : 1) : 0, d ? d + 1 : 1));
      if (from.toISOString().startsWith(named[0])) {
        places.push(`(t.created_at >= ${param(from)} and t.created_at < ${param(until)} and ${text})`);
      }
    }
  }
  return `(${places.join(" or ")})`;
}

const LISTS: Record<string, List> = {
  "/api/admin/audit-log": {
    select: `select a.id, a.created_at, a.actor_id, a.actor_first_name, a.actor_last_name, a.action, a.target_type,
        a.target_id, a.summary, ${CURSOR_AT("a.created_at")}
      from admin_audit_log a`,
    countFrom: "select 1 from admin_audit_log a",
    createdAt: "a.created_at",
    id: "a.id",
    sorts: {
      createdAt: text(),
      action: text("a.action"),
      actor: text("a.actor_last_name", "a.actor_first_name"),
    },
    search: auditSearch,
    filter: (params, param) => [
      ...(params.get("actorId") ? [`a.actor_id = ${param(params.get("actorId"))}`] : []),
      ...(params.get("action") ? [`a.action = ${param(params.get("action"))}`] : []),
    ],
  },
  "/api/admin/taggs": {
    select: `select t.id, t.tagg, t.first_name, t.last_name, t.email, t.reason, t.is_hidden, t.created_at,
        p.subscription_status, ${CURSOR_AT("t.created_at")}
      from taggs t left join profiles p on p.tagg = t.tagg`,
    countFrom: "select 1 from taggs t",
    createdAt: "t.created_at",
    id: "t.id",
    sorts: {
      createdAt: text(),
      tagg: text("t.tagg"),
      firstName: text("t.first_name", "t.last_name"),
      lastName: text("t.last_name", "t.first_name"),
      email: text("t.email"),
    },
    search: peopleSearch("t", ["t.email", "t.reason"]),
  },
  "/api/admin/profiles": {
    select: `select p.id, p.tagg, p.first_name, p.last_name, p.email, p.bio, p.ip_address, p.subscription_status,
        p.last_active, p.email_verified, p.created_at, ${CURSOR_AT("p.created_at")}
      from profiles p`,
    countFrom: "select 1 from profiles p",
    createdAt: "p.created_at",
    id: "p.id",
    sorts: {
      createdAt: text(),
      tagg: text("coalesce(p.tagg, '')"),
      displayName: text("p.first_name", "p.last_name"),
      lastName: text("p.last_name", "p.first_name"),
      email: text("p.email"),
      lastActive: { keys: ["coalesce(p.last_active, '-infinity'::date)"], types: ["date"] },
    },
    search: peopleSearch("p", ["p.email", "p.bio"]),
  },
  "/api/admin/tagged-posts": {
    select: `select t.id, t.post_name, t.original_image, t.scrambled_image, t.scramble_image,
        t.hide_personal_info, t.is_visible and not t.held_for_review as is_visible, t.created_at,
        p.tagg as user_tagg, p.email as user_email,
        (select count(*)::int from post_reports r where r.post_id = t.id) as report_count,
        ${CURSOR_AT("t.created_at")}
      from tagged_posts t join profiles p on p.id = t.user_id`,
    countFrom: "select 1 from tagged_posts t join profiles p on p.id = t.user_id",
    createdAt: "t.created_at",
    id: "t.id",
    sorts: { createdAt: text(), postName: text("t.post_name") },
    search: postsSearch,
  },
};

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

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(typeof address === "object" && address ? address.port : "");
});
