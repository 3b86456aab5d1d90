import type { IncomingMessage } from "node:http";
import {
  type Context,
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  HTTP_REQUEST_METHOD_VALUE_OTHER,
} from "@opentelemetry/semantic-conventions";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { tracer } from "./spans.ts";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"]);

/** A request's span, and the context its work runs in when the span is recorded. */
type RequestTrace = { span: Span; context: Context | undefined; method: string };
const traces = new WeakMap<IncomingMessage, RequestTrace>();

/**
 * The request's server span, child of the caller's `traceparent` when it sends one. Only the method is known
 * yet: the span is named by its route template once routing is done. Nothing else of the request (its address,
 * path, query, user agent, headers) is ever put on it. A span the sampler drops gets nothing more: on the
 * cheapest answers (a 304 from memory) every step here is a share of the request's time.
 */
function startRequestTrace(raw: IncomingMessage): RequestTrace {
  const method = METHODS.has(raw.method ?? "") ? (raw.method as string) : HTTP_REQUEST_METHOD_VALUE_OTHER;
  const parent = propagation.extract(ROOT_CONTEXT, raw.headers);
  const span = tracer().startSpan(
    method === HTTP_REQUEST_METHOD_VALUE_OTHER ? "HTTP" : method,
    { kind: SpanKind.SERVER },
    parent,
  );
  const recording = span.isRecording();
  if (recording) span.setAttribute(ATTR_HTTP_REQUEST_METHOD, method);
  const started = { span, context: recording ? trace.setSpan(parent, span) : undefined, method };
  traces.set(raw, started);
  return started;
}

/**
 * A server span for every request, named `METHOD /route/:template` (never the raw URL), and the trace and span
 * ids on each of the request's log lines. The span is started where Fastify makes the request's logger — the
 * first thing it does with a request, before the "incoming request" line — and the request's later hooks and
 * handler run in its context, so database queries and outgoing calls become its children.
 */
export const requestSpansPlugin: FastifyPluginAsync = fp(
  async (app) => {
    app.setChildLoggerFactory((logger, bindings, options, raw) => {
      const { span } = startRequestTrace(raw as IncomingMessage);
      const ids = span.spanContext();
      return logger.child(
        isSpanContextValid(ids) ? { ...bindings, trace_id: ids.traceId, span_id: ids.spanId } : bindings,
        options,
      );
    });

    // A request whose trace is not sampled runs outside any: nothing under it would be recorded either.
    const enter = (request: FastifyRequest, done: () => void) => {
      const started = traces.get(request.raw)?.context;
      if (started) context.with(started, done);
      else done();
    };

    app.addHook("onRequest", (request, reply, done) => {
      // The 404 handler's logger was made before this plugin set the factory: its requests start here.
      const started = traces.get(request.raw) ?? startRequestTrace(request.raw);
      if (!started.context) return done();
      const route = request.routeOptions.url;
      if (route) {
        started.span.updateName(`${started.method} ${route}`);
        started.span.setAttribute(ATTR_HTTP_ROUTE, route);
      }
      reply.raw.once("close", () => {
        const status = reply.raw.statusCode;
        const finished = reply.raw.writableFinished;
        started.span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
        if (!finished) started.span.setAttribute(ATTR_ERROR_TYPE, "aborted");
        else if (status >= 500) {
          started.span.setAttribute(ATTR_ERROR_TYPE, String(status));
          started.span.setStatus({ code: SpanStatusCode.ERROR });
        }
        started.span.end();
      });
      enter(request, done);
    });
    // The body is read from socket events, which run outside the request's context: enter it again after.
    app.addHook("preValidation", (request, _reply, done) => enter(request, done));
  },
  { name: "request-spans" },
);
