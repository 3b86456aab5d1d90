import type { FastifyBaseLogger } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DatabaseHandle } from "#server/db/client.ts";
import type { JobObserver } from "#server/jobs/scheduler.ts";
import type { Clock } from "#server/lib/clock.ts";

/** What the metrics read when they are scraped. */
export type MetricsSources = {
  database: Pick<DatabaseHandle, "waiting" | "connections">;
  /** Live event streams (/api/events) open on this instance. */
  openEventStreams: () => number;
  /** Anonymous activity held until its release, across all owners: how much, and the earliest release time. */
  heldAnonymousActivity: () => Promise<{ count: number; earliestReleaseAt: Date | null }>;
  clock: Clock;
  log: FastifyBaseLogger;
};

/** Route label of a request no route matched (the raw URL is never a label: it may hold a name or a term). */
export const UNMATCHED_ROUTE = "unmatched";

/** Seconds; finer than prom-client's defaults at the low end, where answers from memory (304s) land. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type AdmissionRefusal = "busy" | "closing";

/**
 * The metrics of one app instance, in a registry of its own (tests build several apps in one process; the
 * global default registry is never used). Every label is a fixed word, a route template or a job's name: no
 * member, e-mail, tagg, post name, search term, address or user agent is ever a label or a value.
 */
export function createAppMetrics(sources: MetricsSources) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: "tagit_http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method, route template and status class.",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const admissionRefusals = new Counter({
    name: "tagit_admission_refusals_total",
    help: "API requests refused with 503 before any work: the database queue was full, or the instance was closing.",
    labelNames: ["reason"] as const,
    registers,
  });
  // Every series from zero, so that rate() and increase() see the first refusal.
  for (const reason of ["busy", "closing"] satisfies AdmissionRefusal[]) admissionRefusals.inc({ reason }, 0);
  const rateLimitRefusals = new Counter({
    name: "tagit_rate_limit_refusals_total",
    help: "Requests refused with 429 rate_limited, by route template.",
    labelNames: ["route"] as const,
    registers,
  });
  new Gauge({
    name: "tagit_event_streams_open",
    help: "Live event streams (/api/events) open on this instance.",
    registers,
    collect() {
      this.set(sources.openEventStreams());
    },
  });
  new Gauge({
    name: "tagit_database_queries_waiting",
    help: "Queries waiting for the database: for a pooled connection on PostgreSQL, for their turn on PGlite.",
    registers,
    collect() {
      this.set(sources.database.waiting());
    },
  });
  if (sources.database.connections) {
    const connections = sources.database.connections;
    new Gauge({
      name: "tagit_database_pool_connections",
      help: "PostgreSQL connections of this instance's pool, in use or idle.",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const { open, idle } = connections();
        this.labels("in_use").set(open - idle);
        this.labels("idle").set(idle);
      },
    });
  }
  const jobs = jobMetrics(registers, sources.clock);
  heldActivityMetrics(registers, sources);

  return {
    registry,
    observeRequest(method: string, route: string | undefined, status: number, seconds: number) {
      const template = route ?? UNMATCHED_ROUTE;
      requestDuration.observe(
        { method, route: template, status_class: `${Math.floor(status / 100)}xx` },
        seconds,
      );
      if (status === 429) rateLimitRefusals.inc({ route: template });
    },
    admissionRefused: (reason: AdmissionRefusal) => admissionRefusals.inc({ reason }),
    jobs,
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;

/** Each job's runs on this instance, its failures and the time of its last success. */
function jobMetrics(registers: Registry[], clock: Clock): JobObserver {
  const runs = new Counter({
    name: "tagit_job_runs_total",
    help: "Runs of a scheduled job on this instance (a period another instance took is not counted).",
    labelNames: ["job"] as const,
    registers,
  });
  const failures = new Counter({
    name: "tagit_job_failures_total",
    help: "Runs of a scheduled job on this instance that failed.",
    labelNames: ["job"] as const,
    registers,
  });
  const lastSuccess = new Gauge({
    name: "tagit_job_last_success_timestamp_seconds",
    help: "When a scheduled job last succeeded on this instance (Unix time); absent until it has.",
    labelNames: ["job"] as const,
    registers,
  });
  return {
    scheduled(job) {
      runs.inc({ job }, 0);
      failures.inc({ job }, 0);
    },
    succeeded(job) {
      runs.inc({ job });
      lastSuccess.set({ job }, clock.now().getTime() / 1000);
    },
    failed(job) {
      runs.inc({ job });
      failures.inc({ job });
    },
  };
}

/**
 * Held anonymous activity, read with one query at scrape time. A failed read leaves the last values and is
 * logged once until a read succeeds again: a scrape must not fail, nor the log fill, while the database is away.
 */
function heldActivityMetrics(registers: Registry[], sources: MetricsSources) {
  let failing = false;
  let pending: Promise<void> | undefined;
  const read = async () => {
    try {
      const { count, earliestReleaseAt } = await sources.heldAnonymousActivity();
      held.set(count);
      const late = earliestReleaseAt ? sources.clock.now().getTime() - earliestReleaseAt.getTime() : 0;
      overdue.set(Math.max(0, late) / 1000);
      failing = false;
    } catch (err) {
      if (!failing) sources.log.warn({ err }, "metrics: the held anonymous activity could not be read");
      failing = true;
    }
  };
  // Both gauges come from the same read, once per scrape.
  const collect = () => {
    pending ??= read().finally(() => {
      pending = undefined;
    });
    return pending;
  };
  const held = new Gauge({
    name: "tagit_anonymous_activity_held",
    help: "Anonymous searches and views held unseen until their release, across all owners.",
    registers,
    collect,
  });
  const overdue = new Gauge({
    name: "tagit_anonymous_activity_release_overdue_seconds",
    help: "How long past its release time the earliest held anonymous activity is (0 when none is due).",
    registers,
    collect,
  });
}
