import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { AppMetrics } from "./app-metrics.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route answers with a stream that stays open (server-sent events): how long it stayed open is not a
     * request's latency, so an opened stream stays out of the request histogram (a refusal is still counted).
     */
    liveStream?: true;
  }
}

/**
 * Times every request, labelled by the route's template (`request.routeOptions.url`, `/api/posts/:id`), never
 * the URL it was asked for; a request no route matched gets one fixed label.
 */
export const httpMetricsPlugin = fp(
  async (app: FastifyInstance, { metrics }: { metrics: AppMetrics }) => {
    app.addHook("onResponse", (request, reply, done) => {
      const status = reply.statusCode;
      if (!(request.routeOptions.config.liveStream && status < 300)) {
        metrics.observeRequest(request.method, request.routeOptions.url, status, reply.elapsedTime / 1000);
      }
      done();
    });
  },
  { name: "tagit-http-metrics" },
);
