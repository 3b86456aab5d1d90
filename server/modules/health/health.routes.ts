import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "#contract/error-body-schema.ts";
import { errorBody } from "#server/lib/app-error.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";

type Options = { pingDatabase: () => Promise<void>; draining: () => boolean };

/**
 * For operators and load balancers: /healthz says the process is up, /readyz that it takes new work: the
 * database answers and the instance is not draining before a shutdown (decision 034).
 */
export const healthRoutes: FastifyPluginAsyncZod<Options> = async (app, { pingDatabase, draining }) => {
  app.addHook("onRoute", documentedUnder("Operations"));

  app.get(
    "/healthz",
    {
      config: { access: "public" },
      schema: {
        operationId: "checkLiveness",
        summary: "Whether the process is up",
        description: "Asks nothing of the database: restart the instance only when this stops answering.",
        response: { 200: z.object({ status: z.literal("ok") }) },
      },
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/readyz",
    {
      config: { access: "public" },
      schema: {
        operationId: "checkReadiness",
        summary: "Whether the instance takes new requests",
        description:
          "503 `unavailable` while the database does not answer or the instance is draining before a " +
          "shutdown: send its traffic elsewhere until it answers 200 again.",
        // The 503 the handler sends itself, in the one error shape (the document lists it as `unavailable`).
        response: { 200: z.object({ status: z.literal("ready") }), 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (draining()) return reply.status(503).send(errorBody("unavailable", "Shutting down"));
      try {
        await pingDatabase();
        return { status: "ready" as const };
      } catch (err) {
        request.log.warn({ err }, "database not reachable");
        return reply.status(503).send(errorBody("unavailable", "Database not reachable"));
      }
    },
  );
};
