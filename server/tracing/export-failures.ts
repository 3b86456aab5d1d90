import { type ExportResult, ExportResultCode } from "@opentelemetry/core";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace";

type Log = { warn(obj: object, message: string): void; info(message: string): void };

/**
 * An exporter that cannot reach its endpoint drops the batch (the SDK does not retry it forever) and says so once
 * per outage, not once a batch: a collector down for an hour would otherwise fill the log. It says when spans
 * get through again.
 */
export function loggingFailuresOnce(exporter: SpanExporter, log: Log): SpanExporter {
  let failing = false;
  return {
    export(spans: ReadableSpan[], done: (result: ExportResult) => void) {
      exporter.export(spans, (result) => {
        if (result.code === ExportResultCode.FAILED && !failing) {
          failing = true;
          log.warn(
            { err: { type: result.error?.name, message: result.error?.message } },
            "traces could not be exported; they are dropped until the endpoint answers",
          );
        } else if (result.code === ExportResultCode.SUCCESS && failing) {
          failing = false;
          log.info("traces are exported again");
        }
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}
