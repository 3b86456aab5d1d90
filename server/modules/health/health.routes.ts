import type { FastifyPluginAsync } from "fastify";
import { errorBody } from "#server/lib/app-error.ts";

type Options = { pingDatabase: () => Promise<void>; draining: () => boolean };

/**
 * For operators and load balancers: /healthz says the process is up, /readyz that it takes new work: the
 * database answers and the instance is not draining before a shutdown (decision 034).
 */
export const healthRoutes: FastifyPluginAsync<Options> = async (app, { pingDatabase, draining }) => {
  app.get("/healthz", { config: { access: "public" } }, async () => ({ status: "ok" }));

  app.get("/readyz", { config: { access: "public" } }, async (request, reply) => {
    if (draining()) return reply.status(503).send(errorBody("unavailable", "Shutting down"));
    try {
      await pingDatabase();
      return { status: "ready" };
    } catch (err) {
      request.log.warn({ err }, "database not reachable");
      return reply.status(503).send(errorBody("unavailable", "Database not reachable"));
    }
  });
};
