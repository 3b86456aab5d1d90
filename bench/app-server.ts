// The real Tagit app for the API benchmarks: on PostgreSQL (DATABASE_URL, with REDIS_URL when several run), or
// on PGlite, the embedded default (PGLITE_DIR, for `bench:api --pglite`). Prints its port on stdout.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { startMetricsServer } from "#server/metrics/metrics-server.ts";
import { startTracing } from "#server/tracing/start-tracing.ts";
import { serveBench } from "./servers.ts";
import { timeStatements } from "./statement-timing.ts";

if (process.env.BENCH_STATEMENTS) timeStatements("app");

// bench:load's instances share one data directory (their uploads), as they would share an object store.
const dataDir = process.env.BENCH_DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), "tagit-bench-app-")));
const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL,
  APP_SECRET: "bench-secret-bench-secret-bench-secret!!",
  LOG_LEVEL: "silent",
  NODE_ENV: "production",
  PAYMENTS_TEST_MODE: "true",
  // The bench client stands for a proxy in front of many visitors (X-Forwarded-For), so the public search's
  // per-visitor rate limit counts each simulated visitor, not the bench's one address.
  TRUST_PROXY: "127.0.0.1",
  // bench:presence releases anonymous activity every minute, so the release runs beside the load it measures.
  ANONYMOUS_RELEASE_MINUTES: process.env.ANONYMOUS_RELEASE_MINUTES,
  ANONYMOUS_RELEASE_JITTER_MINUTES: process.env.ANONYMOUS_RELEASE_JITTER_MINUTES,
  ANONYMOUS_MIN_VISITORS: process.env.ANONYMOUS_MIN_VISITORS,
  JOBS_FIRST_RUN_DELAY_MS: process.env.JOBS_FIRST_RUN_DELAY_MS,
  // bench:api --tracing and --metrics: traces on, sent to its local receiver; metrics served as main.ts serves them.
  OTEL_EXPORTER_OTLP_ENDPOINT: process.env.OTEL_EXPORTER_OTLP_ENDPOINT,
  OTEL_TRACES_SAMPLER: process.env.OTEL_TRACES_SAMPLER,
  OTEL_TRACES_SAMPLER_ARG: process.env.OTEL_TRACES_SAMPLER_ARG,
  METRICS_PORT: process.env.METRICS_PORT,
});
const database = process.env.PGLITE_DIR
  ? await openDatabase({ kind: "pglite", dataDir: process.env.PGLITE_DIR })
  : await openDatabase({ kind: "postgres", url: config.databaseUrl ?? "", poolSize: 10 });
// A data set seeded before the latest migrations gets them, as `npm start` would apply them.
await runMigrations(database);
const app = await buildApp({ config, database, logger: false, webRoot: path.join(dataDir, "none") });
if (config.tracing) startTracing(config.tracing, app.log);
if (app.metrics && config.metricsPort) {
  await startMetricsServer(app.metrics.registry, {
    host: "127.0.0.1",
    port: config.metricsPort,
    log: app.log,
  });
}
await serveBench(app, () => database.close());
