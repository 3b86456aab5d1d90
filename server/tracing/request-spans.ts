import type { IncomingMessage } from "node:http";
import {
  type Context,
  context,
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
import type { FastifyPluginAsync, FastifyRequest, FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import { tracer } from "./spans.ts";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"]);

/** A sampled request's span, and the context its work runs in. */
type RequestTrace = { span: Span; context: Context; method: string };
const traces = new WeakMap<IncomingMessage, RequestTrace>();

/**
 * Starts the request's server span, child of the caller's `traceparent` when it sends one, and keeps it when
 * the sampler records it. Only the method is known yet: the span is named by its route template once routing is
 * done. Nothing else of the request (its address, path, query, user agent, headers) is ever put on it.
 * Returns the span when it belongs to a trace someone can look up: one recorded here, or the caller's.
 */
function startRequestTrace(raw: IncomingMessage): Span | undefined {
  const method = METHODS.has(raw.method ?? "") ? (raw.method as string) : HTTP_REQUEST_METHOD_VALUE_OTHER;
  const continued = raw.headers.traceparent !== undefined;
  const parent = continued ? propagation.extract(ROOT_CONTEXT, raw.headers) : ROOT_CONTEXT;
  const span = tracer().startSpan(
    method === HTTP_REQUEST_METHOD_VALUE_OTHER ? "HTTP" : method,
    { kind: SpanKind.SERVER },
    parent,
  );
  if (!span.isRecording()) return continued ? span : undefined;
  span.setAttribute(ATTR_HTTP_REQUEST_METHOD, method);
  traces.set(raw, { span, context: trace.setSpan(parent, span), method });
  return span;
}

/**
 * Fastify's child-logger factory while tracing is on (given to Fastify's constructor, so that the not-found
 * handler's requests have it too). It is the first place Fastify hands us a request, before the "incoming
 * request" line, so the span starts here and each of the request's log lines carries its trace and span ids.
 * A request the sampler drops, with no caller's trace to continue, leaves nothing behind, not even a log
 * binding: on the cheapest answers (a 304 from memory) that is a measurable share of the request's time.
 */
export const tracedChildLogger: NonNullable<FastifyServerOptions["childLoggerFactory"]> = (
  logger,
  bindings,
  options,
  raw,
) => {
  const span = startRequestTrace(raw as IncomingMessage);
  if (!span) return logger.child(bindings, options);
  const { traceId, spanId } = span.spanContext();
  return logger.child({ ...bindings, trace_id: traceId, span_id: spanId }, options);
};

/**
 * A server span for every sampled request (started by `tracedChildLogger`), named `METHOD /route/:template`
 * (never the raw URL). The request's hooks and handler run in its context, so database queries and outgoing calls
 * become its children. A request the sampler dropped runs outside any trace: nothing under it would be recorded.
 */
export const requestSpansPlugin: FastifyPluginAsync = fp(
  async (app) => {
    const enter = (request: FastifyRequest, done: () => void) => {
      const started = traces.get(request.raw);
      if (started) context.with(started.context, done);
      else done();
    };

    app.addHook("onRequest", (request, reply, done) => {
      const started = traces.get(request.raw);
      if (!started) return done();
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
      context.with(started.context, done);
    });
    // The body is read from socket events, which run outside the request's context: enter it again after.
    app.addHook("preValidation", (request, _reply, done) => enter(request, done));
  },
  { name: "request-spans" },
);
