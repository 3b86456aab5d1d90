import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { samplesOf, sampleValue } from "#server/test/scrape-metrics.ts";
import { manualClock } from "#server/test/test-app.ts";
import { createAppMetrics, type MetricsSources } from "./app-metrics.ts";

const clock = manualClock();
const NOW = clock.now();

function metricsWith(held: MetricsSources["heldAnonymousActivity"]) {
  const warnings: string[] = [];
  const log = {
    warn: (_: unknown, message: string) => warnings.push(message),
  } as unknown as FastifyBaseLogger;
  const metrics = createAppMetrics({
    database: { waiting: () => 3, connections: () => ({ open: 5, idle: 2 }) },
    openEventStreams: () => 7,
    heldAnonymousActivity: held,
    clock,
    log,
  });
  return { metrics, warnings, scrape: async () => samplesOf(await metrics.registry.metrics()) };
}

describe("createAppMetrics", () => {
  it("reads the gauges when scraped: queue, pool, streams, held activity and how overdue its release is", async () => {
    const earliestReleaseAt = new Date(NOW.getTime() - 90_000);
    const { scrape } = metricsWith(async () => ({ count: 12, earliestReleaseAt }));
    const samples = await scrape();
    expect(sampleValue(samples, "tagit_database_queries_waiting")).toBe(3);
    expect(sampleValue(samples, "tagit_database_pool_connections", { state: "in_use" })).toBe(3);
    expect(sampleValue(samples, "tagit_database_pool_connections", { state: "idle" })).toBe(2);
    expect(sampleValue(samples, "tagit_event_streams_open")).toBe(7);
    expect(sampleValue(samples, "tagit_anonymous_activity_held")).toBe(12);
    expect(sampleValue(samples, "tagit_anonymous_activity_release_overdue_seconds")).toBe(90);
  });

  it("shows no overdue release while the earliest held activity is not yet due, or nothing is held", async () => {
    const future = new Date(NOW.getTime() + 60_000);
    expect(
      sampleValue(
        await metricsWith(async () => ({ count: 1, earliestReleaseAt: future })).scrape(),
        "tagit_anonymous_activity_release_overdue_seconds",
      ),
    ).toBe(0);
    expect(
      sampleValue(
        await metricsWith(async () => ({ count: 0, earliestReleaseAt: null })).scrape(),
        "tagit_anonymous_activity_release_overdue_seconds",
      ),
    ).toBe(0);
  });

  it("still answers a scrape while the held activity cannot be read, logging once until it can again", async () => {
    let down = false;
    const { scrape, warnings } = metricsWith(async () => {
      if (down) throw new Error("database unreachable");
      return { count: 4, earliestReleaseAt: null };
    });
    expect(sampleValue(await scrape(), "tagit_anonymous_activity_held")).toBe(4);
    down = true;
    expect(sampleValue(await scrape(), "tagit_anonymous_activity_held")).toBe(4);
    await scrape();
    expect(warnings).toHaveLength(1);
    down = false;
    await scrape();
    down = true;
    await scrape();
    expect(warnings).toHaveLength(2);
  });

  it("labels a request by its template and status class, an unmatched one by one fixed word, and counts 429s", async () => {
    const { metrics, scrape } = metricsWith(async () => ({ count: 0, earliestReleaseAt: null }));
    metrics.observeRequest("GET", "/api/posts/:id/viewers", 200, 0.004);
    metrics.observeRequest("GET", undefined, 404, 0.001);
    metrics.observeRequest("POST", "/api/auth/login", 429, 0.001);
    const samples = await scrape();
    const count = (labels: Record<string, string>) =>
      sampleValue(samples, "tagit_http_request_duration_seconds_count", labels);
    expect(count({ method: "GET", route: "/api/posts/:id/viewers", status_class: "2xx" })).toBe(1);
    expect(count({ method: "GET", route: "unmatched", status_class: "4xx" })).toBe(1);
    expect(sampleValue(samples, "tagit_rate_limit_refusals_total", { route: "/api/auth/login" })).toBe(1);
    expect(
      sampleValue(samples, "tagit_http_request_duration_seconds_bucket", {
        route: "/api/posts/:id/viewers",
        le: "0.005",
      }),
    ).toBe(1);
  });
});
