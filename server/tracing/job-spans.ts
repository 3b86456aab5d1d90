import { ROOT_CONTEXT, SpanKind } from "@opentelemetry/api";
import { recordFailure, tracer } from "./spans.ts";

/**
 * A scheduled job's tick as a trace of its own, `job <name>`, with what came of it (`tagit.job.outcome`: ran,
 * skipped when another instance has the period, or failed). Its result, counts included, stays in the log.
 */
export function jobSpan<T extends { ran: boolean }>(name: string, tick: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(
    `job ${name}`,
    { kind: SpanKind.INTERNAL, attributes: { "tagit.job.name": name } },
    ROOT_CONTEXT,
    async (span) => {
      try {
        const outcome = await tick();
        span.setAttribute("tagit.job.outcome", outcome.ran ? "ran" : "skipped");
        return outcome;
      } catch (err) {
        span.setAttribute("tagit.job.outcome", "failed");
        recordFailure(span, err);
        throw err;
      } finally {
        span.end();
      }
    },
  );
}
