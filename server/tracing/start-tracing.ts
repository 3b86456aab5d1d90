import { randomUUID } from "node:crypto";
import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type SpanExporter,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { ATTR_SERVICE_INSTANCE_ID, ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";
import { loggingFailuresOnce } from "./export-failures.ts";
import type { TracingSettings } from "./otel-variables.ts";

type Log = Parameters<typeof loggingFailuresOnce>[1];

/** How long a shutdown waits for the last spans to be sent. */
const FLUSH_ON_SHUTDOWN_MS = 5_000;

function samplerOf({ sampler, ratio }: Pick<TracingSettings, "sampler" | "ratio">): Sampler {
  const root = sampler.endsWith("always_off")
    ? new AlwaysOffSampler()
    : sampler.endsWith("traceidratio")
      ? new TraceIdRatioBasedSampler(ratio)
      : new AlwaysOnSampler();
  return sampler.startsWith("parentbased_") ? new ParentBasedSampler({ root }) : root;
}

/**
 * Registers this process's tracer provider: spans batched to the OTLP endpoint (or to `exporter`, tests),
 * context carried across awaits by AsyncLocalStorage, W3C `traceparent` the one propagation format. The
 * resource names the service and this instance only; no host, process or environment detector runs, so nothing
 * about the machine or its command line is sent. Returns how to flush and stop at shutdown.
 */
export function startTracing(settings: TracingSettings, log: Log, exporter?: SpanExporter) {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: settings.serviceName,
      [ATTR_SERVICE_INSTANCE_ID]: randomUUID(),
    }),
    sampler: samplerOf(settings),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: loggingFailuresOnce(
          exporter ??
            new OTLPTraceExporter({
              url: settings.endpoint,
              headers: settings.headers,
              timeoutMillis: settings.timeoutMs,
            }),
          log,
        ),
      }),
    ],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return {
    provider,
    async shutdown() {
      await Promise.race([
        // Spans that cannot be delivered now are dropped: the export's failure was logged once already.
        provider.shutdown().catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, FLUSH_ON_SHUTDOWN_MS).unref()),
      ]);
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

export type Tracing = ReturnType<typeof startTracing>;
