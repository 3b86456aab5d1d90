import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it, onTestFinished } from "vitest";
import { loadConfig } from "#server/config.ts";
import { createTestApp } from "#server/test/test-app.ts";
import { startTracing } from "./start-tracing.ts";

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/** A local OTLP/HTTP receiver: keeps what it is sent and answers as a collector does. */
async function otlpReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { received, port: (server.address() as AddressInfo).port };
}

/** A port nothing listens on. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function tracingTo(env: Record<string, string>) {
  const settings = loadConfig({ DATA_DIR: "/tmp", ...env }).tracing;
  if (!settings) throw new Error("tracing settings expected");
  const warnings: string[] = [];
  const tracing = startTracing(settings, {
    warn: (_obj, message) => warnings.push(message),
    info: () => {},
  });
  onTestFinished(() => tracing.shutdown());
  return { settings, tracing, warnings };
}

describe("the OTLP exporter", () => {
  it("sends the spans to the endpoint as protobuf, with the configured headers", async () => {
    const receiver = await otlpReceiver();
    const { settings, tracing } = tracingTo({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiver.port}`,
      OTEL_EXPORTER_OTLP_HEADERS: "x-collector-key=k%20123",
    });
    const t = await createTestApp({ config: { tracing: settings } });
    const res = await t.app.inject({ url: "/api/public/tagged-posts?search=Exported%20Term%20Xq" });
    expect(res.statusCode).toBe(200);
    await tracing.provider.forceFlush();

    expect(receiver.received.length).toBeGreaterThan(0);
    const [first] = receiver.received;
    expect(first?.path).toBe("/v1/traces");
    expect(first?.headers["content-type"]).toBe("application/x-protobuf");
    expect(first?.headers["x-collector-key"]).toBe("k 123");
    const bytes = Buffer.concat(receiver.received.map((r) => r.body)).toString("latin1");
    expect(bytes).toContain("GET /api/public/tagged-posts");
    expect(bytes).toContain("tagit");
    expect(bytes).not.toContain("Exported");
  });

  it("drops spans it cannot deliver, says so once, and never stands in the way of serving", async () => {
    const { settings, tracing, warnings } = tracingTo({
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${await closedPort()}/v1/traces`,
      OTEL_EXPORTER_OTLP_TIMEOUT: "500",
    });
    const t = await createTestApp({ config: { tracing: settings } });
    for (let batch = 0; batch < 3; batch += 1) {
      const res = await t.app.inject({ url: "/api/public/tagged-posts?search=anything" });
      expect(res.statusCode).toBe(200);
      // A flush asked for may report the failed export; the app's own exports fail in the background.
      await tracing.provider.forceFlush().catch(() => {});
    }
    // Each batch fails once its retries have used the export's time.
    for (let waited = 0; waited < 40 && warnings.length === 0; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(warnings).toEqual(["traces could not be exported; they are dropped until the endpoint answers"]);
  });
});
