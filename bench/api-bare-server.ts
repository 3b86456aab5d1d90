// The baseline for bench/api: node:http + pg doing the same SQL the two hot endpoints need (session lookup
// included), with no framework, validation, ORM or serializer. Prints its port on stdout.
import { createHash } from "node:crypto";
import http from "node:http";
import pg from "pg";
import {
  FINGERPRINT_SQL,
  LIST_SQL,
  recordSearch,
  SEARCH_NAME_SQL,
  SEARCH_TAGG_SQL,
  SESSION_SQL,
} from "./api-bare-sql.ts";
import { serveBare } from "./servers.ts";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

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
      const rows = [...byName.rows, ...byTagg.rows];
      const visitor = String(req.headers["x-forwarded-for"] ?? req.socket.remoteAddress);
      const hash = createHash("sha256").update(visitor).digest("hex");
      await recordSearch((sql, params) => pool.query(sql, params), hash, term, rows);
      return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(rows));
    }
    res.writeHead(404).end();
  } catch (err) {
    console.error(err);
    res.writeHead(500).end();
  }
});

serveBare(server);
