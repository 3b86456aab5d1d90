import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { MESSAGES } from "#contract/errors.ts";
import { AppError } from "#server/lib/app-error.ts";

/**
 * Past this many queries waiting for the database, a new API request is refused at once with 503 and
 * `Retry-After` instead of joining a queue it would wait in for seconds (on PGlite at ~1 ms a query, about
 * 0.2 s of work; on PostgreSQL, queries waiting for one of the pool's connections).
 */
export const DATABASE_QUEUE_LIMIT = 200;

/**
 * Admission control (issue 16): excess load is refused quickly, before any work is done for it, rather than
 * left to time out. Only API requests are refused: the web app's files need no database, and the health checks
 * (/healthz, /readyz) must answer a load balancer whatever the load.
 */
export const admissionPlugin = fp(
  async (app: FastifyInstance, opts: { waiting: () => number; limit?: number }) => {
    const limit = opts.limit ?? DATABASE_QUEUE_LIMIT;
    app.addHook("onRequest", async (request) => {
      if (!request.url.startsWith("/api/")) return;
      if (opts.waiting() >= limit) throw new AppError("unavailable", MESSAGES.busy);
    });
  },
  { name: "tagit-admission", dependencies: ["tagit-error-handler"] },
);
