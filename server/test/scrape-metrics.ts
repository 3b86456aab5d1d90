import type { FastifyInstance } from "fastify";
import { startMetricsServer } from "#server/metrics/metrics-server.ts";

/** Scrapes an app's metrics as Prometheus does: over HTTP, from the server of their own (on a free port). */
export async function scrapeMetrics(app: FastifyInstance) {
  if (!app.metrics) throw new Error("the app was built without METRICS_PORT: it has no metrics");
  const server = await startMetricsServer(app.metrics.registry, { host: "127.0.0.1", port: 0, log: app.log });
  try {
    const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    if (!response.ok) throw new Error(`scrape answered ${response.status}`);
    return { contentType: response.headers.get("content-type") ?? "", text: await response.text() };
  } finally {
    await server.close();
  }
}

export type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of Prometheus text exposition: `name{label="value",…} number` lines (comments skipped). */
export function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      if (key !== undefined && value !== undefined) labels[key] = value;
    }
    samples.push({ name: match[1] ?? "", labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample named `name` whose labels include `labels` (undefined when there is none). */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  return samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}
