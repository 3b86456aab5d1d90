import { readFileSync } from "node:fs";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { createAppMetrics } from "./app-metrics.ts";

type Target = { expr: string; datasource: { uid: string } };
type Panel = { id: number; type: string; title: string; datasource?: { uid: string }; targets?: Target[] };
type Dashboard = {
  __inputs: { name: string; type: string; pluginId: string }[];
  panels: Panel[];
  templating: { list: { query: { query: string } }[] };
};

/** Grafana's placeholder for the data source chosen at import (a plain string, not a template literal). */
const DATA_SOURCE_INPUT = ["$", "{DS_PROMETHEUS}"].join("");

const dashboard: Dashboard = JSON.parse(
  readFileSync(new URL("../../docs/grafana-dashboard.json", import.meta.url), "utf8"),
);
const queries = [
  ...dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr),
  ...dashboard.templating.list.map((variable) => variable.query.query),
];

/** Every series name the app exports (PostgreSQL's pool included), histograms with their three series. */
function exportedNames() {
  const metrics = createAppMetrics({
    database: { waiting: () => 0, connections: () => ({ open: 0, idle: 0 }) },
    openEventStreams: () => 0,
    heldAnonymousActivity: async () => ({ count: 0, earliestReleaseAt: null }),
    clock: { now: () => new Date() },
    log: { warn: () => {} } as unknown as FastifyBaseLogger,
  });
  return new Set(
    metrics.registry
      .getMetricsAsArray()
      .flatMap(({ name, type }) =>
        String(type) === "histogram" ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name],
      ),
  );
}

describe("docs/grafana-dashboard.json", () => {
  it("queries only metrics the app exports", () => {
    const exported = exportedNames();
    const used = new Set(queries.flatMap((query) => query.match(/\b(?:tagit|nodejs|process)_\w+/g) ?? []));
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) expect(exported, `the dashboard queries ${name}`).toContain(name);
  });

  it("covers requests, latency percentiles, refusals, the pool, jobs and the release queue", () => {
    const all = queries.join("\n");
    for (const needed of [
      "histogram_quantile(0.99",
      "tagit_admission_refusals_total",
      "tagit_rate_limit_refusals_total",
      "tagit_database_pool_connections",
      "tagit_database_queries_waiting",
      "tagit_job_failures_total",
      "tagit_job_last_success_timestamp_seconds",
      "tagit_anonymous_activity_held",
    ]) {
      expect(all).toContain(needed);
    }
  });

  it("imports into any Grafana: the data source is an input, panels have unique ids, queries balance", () => {
    expect(dashboard.__inputs).toEqual([
      expect.objectContaining({ name: "DS_PROMETHEUS", type: "datasource", pluginId: "prometheus" }),
    ]);
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels.filter((p) => p.type !== "row")) {
      expect(panel.datasource?.uid, panel.title).toBe(DATA_SOURCE_INPUT);
      for (const target of panel.targets ?? []) {
        expect(target.datasource.uid).toBe(DATA_SOURCE_INPUT);
        const depth = [...target.expr].reduce(
          (open, char) => (open < 0 ? open : open + (char === "(" ? 1 : char === ")" ? -1 : 0)),
          0,
        );
        expect(depth, target.expr).toBe(0);
      }
    }
  });
});
