import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ERROR_STATUS, type ErrorBody, type ErrorCode, MESSAGES } from "#contract/errors.ts";
import { isDatabaseUnavailable } from "#server/db/errors.ts";
import { AppError, errorBody, TryLaterError } from "#server/lib/app-error.ts";

/** How long a client is asked to wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 5;
const DATABASE_UNAVAILABLE = "Tagit is briefly unavailable. Please try again in a moment.";

type ValidationIssue = {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
};

function fieldsOf(issues: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.instancePath?.replace(/^\//, "").replaceAll("/", ".") || "body";
    fields[key] ??= issue.message ?? "Invalid value";
  }
  return fields;
}

/** Framework errors a client can cause, mapped to a code and a clear message. Anything else is our fault. */
function clientError(error: FastifyError): ErrorBody | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return errorBody("validation", "The request body is not valid JSON");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return errorBody("unsupported_type", "Unsupported content type: send JSON");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return errorBody("too_large", "The request body is too large");
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return errorBody("validation", "Invalid Content-Length");
    default:
      return undefined;
  }
}

/** The general code of a 4xx status the framework or a plugin answered without one of ours. */
function codeOfStatus(status: number): ErrorCode {
  const general: Partial<Record<number, ErrorCode>> = {
    401: "unauthenticated",
    403: "forbidden",
    404: "not_found",
    409: "conflict",
    413: "too_large",
    415: "unsupported_type",
    429: "rate_limited",
  };
  return general[status] ?? "validation";
}

/** One error model end to end: every failure leaves as `{error, code, fields?, suggestions?}` with its status. */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === "unavailable") reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      if (error instanceof TryLaterError) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error.validation as ValidationIssue[]);
      const first = Object.values(fields)[0] ?? "Invalid request";
      return reply.status(400).send(errorBody("validation", first, fields));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody("rate_limited", MESSAGES.rateLimited));
    }
    const known = clientError(error);
    if (known && error.statusCode && error.statusCode < 500)
      return reply.status(error.statusCode).send(known);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // A status without a code of its own answers as the code it maps to, so status and code always agree.
      const code = codeOfStatus(error.statusCode);
      return reply.status(ERROR_STATUS[code]).send(errorBody(code, error.message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return reply.status(503).send(errorBody("unavailable", DATABASE_UNAVAILABLE));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(ERROR_STATUS.internal).send(errorBody("internal", MESSAGES.internal));
  });
}

export const errorHandlerPlugin = fp(errorHandler, { name: "tagit-error-handler" });
