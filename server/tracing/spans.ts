import { type Attributes, context, type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { ATTR_ERROR_TYPE } from "@opentelemetry/semantic-conventions";

/**
 * Tagit's tracer: OpenTelemetry's no-op one until `startTracing` registers a provider (OTEL_EXPORTER_OTLP_ENDPOINT
 * set). Looked up at each use rather than kept: the API's stand-in would keep the first provider's tracer for
 * good, even after that provider is shut down and another registered.
 */
export const tracer = () => trace.getTracer("tagit");

/** Whether the code running now belongs to a trace (a request's or a job's). */
export const inTrace = () => trace.getSpan(context.active())?.isRecording() === true;

/**
 * What kind of failure an error is, without its message (a message may quote an address, a value or a key):
 * its code when it has a short symbolic one (ECONNREFUSED, a SQLSTATE, an AppError code), else its class.
 */
export function errorType(err: unknown): string {
  const code = (err as { code?: unknown } | undefined)?.code;
  if (typeof code === "string" && /^[A-Za-z0-9_.]{1,40}$/.test(code)) return code;
  return err instanceof Error ? err.constructor.name : "unknown";
}

/** Marks the span failed with the error's kind only. */
export function recordFailure(span: Span, err: unknown) {
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.setAttribute(ATTR_ERROR_TYPE, errorType(err));
}

/**
 * Runs `work` in a client span of the current trace, with its outcome (`tagit.outcome`: ok or error, and the
 * error's kind). Outside a trace `work` runs alone: a call nobody asked about starts no trace of its own.
 */
export async function inClientSpan<T>(
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
): Promise<T> {
  if (!inTrace()) return work();
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      const result = await work();
      span.setAttribute("tagit.outcome", "ok");
      return result;
    } catch (err) {
      span.setAttribute("tagit.outcome", "error");
      recordFailure(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}
