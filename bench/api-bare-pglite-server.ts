// The baseline for `bench:api --pglite`: a bare Fastify server on PGlite (the embedded default) running the same
// SQL as bench/api-bare-server.ts (the search records itself, as the app's does), with no validation, ORM, hooks or
// serializer. Prints its port on stdout.
import { createHash } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import Fastify from "fastify";
import {
  FINGERPRINT_SQL,
  INSERT_POST_SQL,
  LIST_SQL,
  NAME_TAKEN_SQL,
  OWNED_UPLOAD_SQL,
  recordSearch,
  SEARCH_NAME_SQL,
  SEARCH_TAGG_SQL,
  SESSION_SQL,
} from "./api-bare-sql.ts";
import { serveBench } from "./servers.ts";
import { timeStatements } from "./statement-timing.ts";

if (process.env.BENCH_STATEMENTS) timeStatements("bare");

const db = await PGlite.create({ dataDir: process.env.PGLITE_DIR, extensions: { pg_trgm } });
const app = Fastify();

async function memberOf(cookie: string | undefined) {
  const token = /tagit_session=([^;]+)/.exec(cookie ?? "")?.[1];
  if (!token) return undefined;
  const hash = createHash("sha256").update(token).digest("hex");
  return (await db.query<{ id: string }>(SESSION_SQL, [hash])).rows[0]?.id;
}

app.get("/api/tagg-analytics", async (request, reply) => {
  const userId = await memberOf(request.headers.cookie);
  if (!userId) return reply.code(401).send();
  const fp = (await db.query<{ n: number; latest: Date | null; posts: string }>(FINGERPRINT_SQL, [userId]))
    .rows[0];
  const etag = `W/"analytics-${fp?.n}-${fp?.latest ? new Date(fp.latest).getTime() : 0}-${fp?.posts}"`;
  reply.header("etag", etag);
  if (request.headers["if-none-match"] === etag) return reply.code(304).send();
  return (await db.query(LIST_SQL, [userId])).rows;
});

app.get<{ Querystring: { search?: string } }>("/api/public/tagged-posts", async (request) => {
  const term = (request.query.search ?? "").trim().toLowerCase();
  const tagg = term.replace(/^@/, "");
  const byName = await db.query(SEARCH_NAME_SQL, [term]);
  const byTagg = /^[a-z0-9_]{3,30}$/.test(tagg) ? await db.query(SEARCH_TAGG_SQL, [tagg]) : { rows: [] };
  const rows = [...byName.rows, ...byTagg.rows];
  const visitor = String(request.headers["x-forwarded-for"] ?? request.ip);
  const hash = createHash("sha256").update(visitor).digest("hex");
  await recordSearch((sql, params) => db.query(sql, params), hash, term, rows);
  return rows;
});

type CreatePost = {
  postName: string;
  originalImage: string;
  scrambledImage: string;
  hidePersonalInfo?: boolean;
  scrambleImage?: boolean;
  comment?: string;
};
app.post<{ Body: CreatePost }>("/api/tagged-posts", async (request, reply) => {
  const userId = await memberOf(request.headers.cookie);
  if (!userId) return reply.code(401).send();
  const body = request.body;
  const upload = (
    await db.query<{ thumbnail_path: string | null }>(OWNED_UPLOAD_SQL, [
      userId,
      body.originalImage,
      body.scrambledImage,
    ])
  ).rows[0];
  if (!upload) return reply.code(400).send();
  const key = body.postName.trim().toLowerCase();
  if ((await db.query(NAME_TAKEN_SQL, [[key]])).rows.length > 0) return reply.code(409).send();
  const post = await db.query(INSERT_POST_SQL, [
    userId,
    body.postName.trim(),
    body.originalImage,
    body.scrambledImage,
    upload.thumbnail_path,
    body.hidePersonalInfo ?? false,
    body.scrambleImage ?? false,
    body.comment || null,
    new Date(),
  ]);
  return reply.code(201).send(post.rows[0]);
});

await serveBench(app, () => db.close());
