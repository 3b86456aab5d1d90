import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ERROR_STATUS, MESSAGES } from "#contract/errors.ts";
import { AppError } from "#server/lib/app-error.ts";

const RETRY_AFTER_SECONDS = 5;

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

/** Framework errors a client can cause, mapped to a clear message. Anything else is our fault. */
function clientErrorMessage(error: FastifyError): string | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is not valid JSON";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type: send JSON";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is too large";
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return "Invalid Content-Length";
    default:
      return undefined;
  }
}

/** One error model end to end: every failure leaves as `{error, fields?, suggestions?}` with the right status. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === "unavailable") reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return reply
        .status(error.status)
        .send({ error: error.message, ...(error.fields && { fields: error.fields }), ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error.validation as ValidationIssue[]);
      const first = Object.values(fields)[0] ?? "Invalid request";
      return reply.status(400).send({ error: first, fields });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ error: MESSAGES.rateLimited });
    }
    const clientMessage = clientErrorMessage(error);
    if (clientMessage && error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: clientMessage });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ error: error.message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(ERROR_STATUS.internal).send({ error: MESSAGES.internal });
  });
});
