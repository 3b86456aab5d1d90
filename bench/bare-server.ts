// The baseline for bench/api: node:http + pg doing the same SQL the two hot endpoints need (session lookup
// included), with no framework, validation, ORM or serializer. Prints its port on stdout.
import { createHash } from "node:crypto";
import http from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const SESSION_SQL = `select p.id from sessions s join profiles p on p.id = s.user_id
  where s.token_hash = $1 and s.expires_at > now() limit 1`;
const FINGERPRINT_SQL = `select count(*)::int as n, max(created_at) as latest,
    (select count(*) || '.' || count(*) filter (where scramble_image) from tagged_posts where user_id = $1) as posts
  from search_analytics where target_user_id = $1`;
const LIST_SQL = `select a.id, a.post_id, a.post_name, a.visitor_name, a.visitor_id, v.tagg as visitor_tagg,
    v.profile_picture_url as visitor_picture, a.search_term, a.action, a.created_at,
    t.original_image, t.scrambled_image, t.scramble_image
  from search_analytics a left join tagged_posts t on t.id = a.post_id left join profiles v on v.id = a.visitor_id
  where a.target_user_id = $1 order by a.created_at desc, a.id desc limit 500`;
const FINDABLE = `t.is_visible and not o.is_hidden
  and not exists (select 1 from taggs g where g.tagg = o.tagg and g.is_hidden)`;
const SEARCH_NAME_SQL = `select t.*, o.tagg, o.first_name, o.last_name, o.profile_picture_url
  from tagged_posts t join profiles o on o.id = t.user_id where ${FINDABLE} and lower(btrim(t.post_name)) = $1 limit 50`;
const SEARCH_TAGG_SQL = `select t.*, o.tagg, o.first_name, o.last_name, o.profile_picture_url
  from tagged_posts t join profiles o on o.id = t.user_id where ${FINDABLE} and o.tagg = $1
  order by t.created_at desc limit 50`;

async function memberOf(req: http.IncomingMessage) {
  const token = /tagit_session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
  if (!token) return undefined;
  const hash = createHash("sha256").update(token).digest("hex");
  return (await pool.query({ name: "session", text: SESSION_SQL, values: [hash] })).rows[0]?.id as
    | string
    | undefined;
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/api/tagg-analytics") {
      const userId = await memberOf(req);
      if (!userId) return res.writeHead(401).end();
      const fp = (await pool.query({ name: "fp", text: FINGERPRINT_SQL, values: [userId] })).rows[0];
      const etag = `W/"analytics-${fp.n}-${fp.latest ? new Date(fp.latest).getTime() : 0}-${fp.posts}"`;
      if (req.headers["if-none-match"] === etag) return res.writeHead(304, { etag }).end();
      const rows = (await pool.query({ name: "list", text: LIST_SQL, values: [userId] })).rows;
      return res.writeHead(200, { "content-type": "application/json", etag }).end(JSON.stringify(rows));
    }
    if (url.pathname === "/api/public/tagged-posts") {
      const term = (url.searchParams.get("search") ?? "").trim().toLowerCase();
      const tagg = term.replace(/^@/, "");
      const [byName, byTagg] = await Promise.all([
        pool.query({ name: "by-name", text: SEARCH_NAME_SQL, values: [term] }),
        /^[a-z0-9_]{3,30}$/.test(tagg)
          ? pool.query({ name: "by-tagg", text: SEARCH_TAGG_SQL, values: [tagg] })
          : { rows: [] },
      ]);
      return res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify([...byName.rows, ...byTagg.rows]));
    }
    res.writeHead(404).end();
  } catch (err) {
    console.error(err);
    res.writeHead(500).end();
  }
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(typeof address === "object" && address ? address.port : "");
});
