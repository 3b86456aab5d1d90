import { createServer } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { Counter, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";
import { startMetricsServer } from "./metrics-server.ts";

const silent = { error: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

describe("METRICS_PORT", () => {
  const load = (METRICS_PORT: string | undefined, PORT?: string) =>
    loadConfig({ DATA_DIR: "./data-metrics-config-test", APP_SECRET: "x".repeat(32), METRICS_PORT, PORT });

  it("is off unless set, and reads a port", () => {
    expect(load(undefined).metricsPort).toBeUndefined();
    expect(load("").metricsPort).toBeUndefined();
    expect(load("9464").metricsPort).toBe(9464);
  });

  it.each(["abc", "0", "65536", "9464.5"])("refuses %j in one line naming the variable", (value) => {
    expect(() => load(value)).toThrowError(/^Invalid configuration: METRICS_PORT /);
  });

  it("refuses the app's own port: the metrics would be public", () => {
    expect(() => load("8080", "8080")).toThrowError(
      "Invalid configuration: METRICS_PORT must differ from PORT",
    );
  });
});

describe("the metrics server", () => {
  it("serves the registry's text at /metrics only", async () => {
    const registry = new Registry();
    new Counter({ name: "tagit_test_total", help: "a test counter", registers: [registry] }).inc(3);
    const server = await startMetricsServer(registry, { host: "127.0.0.1", port: 0, log: silent });
    try {
      const scraped = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(scraped.headers.get("content-type")).toBe(registry.contentType);
      expect(await scraped.text()).toContain("tagit_test_total 3");
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: "POST" })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("stops the start with one line naming METRICS_PORT when the port is taken", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as { port: number };
    try {
      const start = startMetricsServer(new Registry(), { host: "127.0.0.1", port, log: silent });
      await expect(start).rejects.toThrowError(ConfigError);
      await expect(start).rejects.toThrowError(
        `Invalid configuration: METRICS_PORT ${port} on 127.0.0.1 is already in use`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
