import { createServer, type Server } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { Registry } from "prom-client";
import { ConfigError } from "#server/config.ts";

/**
 * Serves `registry` as Prometheus text at `/metrics` on a port of its own (METRICS_PORT), apart from the app's:
 * a proxy or load balancer in front of the app never exposes it by accident. Resolves once listening; a port that
 * cannot be had is a configuration error naming the variable. Answers how to close it.
 */
export async function startMetricsServer(
  registry: Registry,
  { host, port, log }: { host: string; port: number; log: FastifyBaseLogger },
) {
  const server = createServer((request, response) => {
    const path = request.url?.split("?")[0];
    if (request.method !== "GET" || path !== "/metrics") {
      response
        .writeHead(404, { "content-type": "text/plain; charset=utf-8" })
        .end("Not found: try /metrics\n");
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
      (err: unknown) => {
        log.error({ err }, "metrics: a scrape failed");
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("metrics failed\n");
      },
    );
  });
  await listen(server, host, port);
  return {
    /** Where it listens (the port chosen when 0 was asked, in tests). */
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, host: string, port: number) {
  return new Promise<void>((resolve, reject) => {
    server.once("error", (err: NodeJS.ErrnoException) => {
      const why =
        err.code === "EADDRINUSE"
          ? "is already in use"
          : `cannot be listened on (${err.code ?? err.message})`;
      reject(new ConfigError(`Invalid configuration: METRICS_PORT ${port} on ${host} ${why}`));
    });
    server.listen(port, host, () => resolve());
  });
}
