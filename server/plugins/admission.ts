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
const RESTARTING = JSON.stringify(errorBody("unavailable", MESSAGES.restarting));
/**
 * A request refused for load is answered after this pause, not at once. A client that ignores `Retry-After` (a
 * broken client, a botnet) sends its next request the moment it has an answer, so hundreds of such connections
 * answered at once keep the thread busy refusing and starve the requests already admitted. Held this long, each
 * connection costs a few refusals a second; the answer is still quick, and nothing was done for it.
 */
export const REFUSAL_PAUSE_MS = 250;
/** A request refused while this instance shuts down may go to another one at once. */
const RESTARTING_RETRY_AFTER_SECONDS = 1;

/**
 * Admission control: excess load is refused quickly, before any work is done for it, rather than left to time
 * out. Only API requests are refused: the web app's files need no database, and the health checks
 * (/healthz, /readyz) must answer a load balancer whatever the load.
 *
 * Once the app is closing (SIGTERM), every request that still arrives on an open connection is refused the
 * same way, with `Connection: close`, while the requests already admitted finish (decision 034): nothing was
 * done for it, so the client or the load balancer may send it to another instance. (Fastify's own answer,
 * `return503OnClosing`, is switched off in app.ts: its body is not the app's error shape.)
 */
export const admissionPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      waiting: () => number;
      limit?: number;
      refusalPauseMs?: number;
      /** Told of each refusal (metrics). */
      refused?: (reason: "busy" | "closing") => void;
    },
  ) => {
    const limit = opts.limit ?? DATABASE_QUEUE_LIMIT;
    const pauseMs = opts.refusalPauseMs ?? REFUSAL_PAUSE_MS;
    let closing = false;
    app.addHook("preClose", async () => {
      closing = true;
    });
    app.addHook("onRequest", (request, reply, done) => {
      if (closing) {
        opts.refused?.("closing");
        reply
          .code(503)
          .header("retry-after", String(RESTARTING_RETRY_AFTER_SECONDS))
          .header("connection", "close")
          .type("application/json; charset=utf-8")
          .send(RESTARTING);
        return;
      }
      if (!request.url.startsWith("/api/") || opts.waiting() < limit) return done();
      opts.refused?.("busy");
      setTimeout(() => {
        if (reply.raw.destroyed) return;
        reply
          .code(503)
          .header("retry-after", String(RETRY_AFTER_SECONDS))
          .type("application/json; charset=utf-8")
          .send(BUSY);
      }, pauseMs);
    });
  },
  { name: "tagit-admission", dependencies: ["tagit-error-handler"] },
);
