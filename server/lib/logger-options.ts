import type { FastifyRequest, FastifyServerOptions } from "fastify";

/** Fields that name or unlock someone: censored wherever a log line carries them, today or in a future route. */
const SECRET_KEYS = [
  "to",
  "email",
  "token",
  "password",
  "currentPassword",
  "newPassword",
  "searchTerm",
  "cookie",
];

const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  "req.headers.authorization",
  // A failed query's bound values (e-mails, terms) travel on the error.
  "err.params",
  "err.cause.params",
];

/**
 * The request as logged: method and path only. The query string holds search terms and reset tokens, and the
 * client address next to them would tie a search to a person, so neither is written.
 */
function requestForLog(request: FastifyRequest) {
  return { method: request.method, url: request.url.split("?")[0], host: request.host };
}

/** Logger options with redaction always on; a caller's level or stream (tests) is kept. */
export function loggerOptions(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger || typeof logger !== "object") return logger;
  return {
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    ...logger,
    serializers: { req: requestForLog, ...("serializers" in logger ? logger.serializers : {}) },
  };
}
