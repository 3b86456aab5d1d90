import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { MESSAGES } from "#contract/errors.ts";
import { errorBody } from "#server/lib/app-error.ts";
import { RETRY_AFTER_SECONDS } from "./error-handler.ts";

/**
 * Past this many queries waiting for the database, a new API request is refused at once with 503 and
 * `Retry-After` instead of joining a queue it would wait in for seconds (on PGlite at ~1 ms a query, well under
 * 0.1 s of work; on PostgreSQL, queries waiting for one of the pool's connections).
 */
export const DATABASE_QUEUE_LIMIT = 64;

/** Answered without building an error: under overload the refusals are most of the work. */
const BUSY = JSON.stringify(errorBody("unavailable", MESSAGES.busy));

/**
 * Admission control (issue 16): excess load is refused quickly, before any work is done for it, rather than
 * left to time out. Only API requests are refused: the web app's files need no database, and the health checks
 * (/healthz, /readyz) must answer a load balancer whatever the load.
 */
export const admissionPlugin = fp(
  async (app: FastifyInstance, opts: { waiting: () => number; limit?: number }) => {
    const limit = opts.limit ?? DATABASE_QUEUE_LIMIT;
    app.addHook("onRequest", (request, reply, done) => {
      if (!request.url.startsWith("/api/") || opts.waiting() < limit) return done();
      reply
        .code(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .type("application/json; charset=utf-8")
        .send(BUSY);
    });
  },
  { name: "tagit-admission", dependencies: ["tagit-error-handler"] },
);
