// The baseline for bench/presence's saturation run: a bare Fastify endpoint without I/O answering a conditional
// GET — 304 when the client's ETag matches, else a small JSON body. Prints its port on stdout.
import Fastify from "fastify";
import { serveBench } from "./servers.ts";

const ETAG = 'W/"bare"';
const app = Fastify();
app.get("/api/tagg-analytics", async (request, reply) => {
  reply.header("etag", ETAG);
  if (request.headers["if-none-match"] === ETAG) return reply.code(304).send();
  return [];
});
await serveBench(app);
