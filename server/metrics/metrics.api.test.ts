import { describe, expect, it } from "vitest";
import { DATABASE_QUEUE_LIMIT } from "#server/plugins/admission.ts";
import { registerMember } from "#server/test/factories.ts";
import { type Sample, samplesOf, sampleValue, scrapeMetrics } from "#server/test/scrape-metrics.ts";
import { openSse } from "#server/test/sse-client.ts";
import { createTestApp } from "#server/test/test-app.ts";

const METRICS = { metricsPort: 9464 };
const scrape = async (t: { app: Parameters<typeof scrapeMetrics>[0] }) =>
  samplesOf((await scrapeMetrics(t.app)).text);

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("metrics", () => {
  it("are off without METRICS_PORT: no registry, nothing timed", async () => {
    const t = await createTestApp();
    expect(t.app.metrics).toBeUndefined();
    await expect(scrapeMetrics(t.app)).rejects.toThrow(/without METRICS_PORT/);
  });

  it("count an API request refused while the database queue is full, and show the queue", async () => {
    const t = await createTestApp({ config: METRICS });
    // More queries than admission lets wait, queued on the app's own database handle (PGlite's turns, or the pool).
    const queued = Promise.all(
      Array.from({ length: DATABASE_QUEUE_LIMIT + 30 }, () => t.db.execute("select pg_sleep(0.02)")),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    const [refused, during] = await Promise.all([t.app.inject({ url: "/api/site" }), scrape(t)]);
    expect(refused.statusCode).toBe(503);
    expect(sampleValue(during, "tagit_database_queries_waiting")).toBeGreaterThanOrEqual(
      DATABASE_QUEUE_LIMIT,
    );
    await queued;

    const after = await scrape(t);
    expect(sampleValue(after, "tagit_admission_refusals_total", { reason: "busy" })).toBe(1);
    expect(sampleValue(after, "tagit_admission_refusals_total", { reason: "closing" })).toBe(0);
    expect(sampleValue(after, "tagit_database_queries_waiting")).toBe(0);
    expect(
      sampleValue(after, "tagit_http_request_duration_seconds_count", {
        route: "/api/site",
        status_class: "5xx",
      }),
    ).toBe(1);
    if (process.env.TEST_DB === "postgres") {
      // PostgreSQL: the pool's connections, none in use once the queries are done.
      expect(sampleValue(after, "tagit_database_pool_connections", { state: "in_use" })).toBe(0);
      expect(sampleValue(after, "tagit_database_pool_connections", { state: "idle" })).toBeGreaterThan(0);
    } else {
      expect(after.some((sample) => sample.name === "tagit_database_pool_connections")).toBe(false);
    }
  });

  it("count the open event streams, and keep an opened stream's lifetime out of the request times", async () => {
    const t = await createTestApp({ config: METRICS });
    const ada = await registerMember(t);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const streams = await Promise.all(
      [1, 2].map(() => openSse(`${address}/api/events`, { cookie: ada.cookie })),
    );
    await Promise.all(streams.map((stream) => stream.until(() => stream.events.length > 0, "the opening")));
    expect(sampleValue(await scrape(t), "tagit_event_streams_open")).toBe(2);

    await Promise.all(streams.map((stream) => stream.close()));
    const closed = (samples: Sample[]) => sampleValue(samples, "tagit_event_streams_open") === 0;
    await until(async () => closed(await scrape(t)), "the streams to close");
    const samples = await scrape(t);
    expect(
      samples.filter(
        (sample) => sample.name.startsWith("tagit_http") && sample.labels.route === "/api/events",
      ),
    ).toEqual([]);
  });

  it("count each job's runs, failures and last success, from zero for every scheduled job", async () => {
    const t = await createTestApp({ config: { ...METRICS, jobsFirstRunDelayMs: 0 } });
    const job = "release-anonymous-activity";
    const runsOf = (samples: Sample[]) => sampleValue(samples, "tagit_job_runs_total", { job }) ?? 0;
    await until(async () => runsOf(await scrape(t)) >= 1, `the first run of ${job}`);

    const samples = await scrape(t);
    expect(sampleValue(samples, "tagit_job_failures_total", { job })).toBe(0);
    const lastSuccess = sampleValue(samples, "tagit_job_last_success_timestamp_seconds", { job }) ?? 0;
    expect(Math.abs(lastSuccess - Date.now() / 1000)).toBeLessThan(60);
    const scheduled = new Set(
      samples.filter((sample) => sample.name === "tagit_job_failures_total").map((s) => s.labels.job),
    );
    expect(scheduled.size).toBeGreaterThanOrEqual(5);
  });
});
