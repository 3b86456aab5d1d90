import type { FastifyPluginAsync } from "fastify";
import { errorBody } from "#server/lib/app-error.ts";

/** For operators and load balancers: /healthz says the process is up, /readyz that the database answers. */
export const healthRoutes: FastifyPluginAsync<{ pingDatabase: () => Promise<void> }> = async (
  app,
  { pingDatabase },
) => {
  app.get("/healthz", { config: { access: "public" } }, async () => ({ status: "ok" }));

  app.get("/readyz", { config: { access: "public" } }, async (request, reply) => {
    try {
      await pingDatabase();
      return { status: "ready" };
    } catch (err) {
      request.log.warn({ err }, "database not reachable");
      return reply.status(503).send(errorBody("unavailable", "Database not reachable"));
    }
  });
};
