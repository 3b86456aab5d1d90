import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { stdSerializers } from "pino";

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

const REDACT_PATHS = [...SECRET_KEYS, ...SECRET_KEYS.map((key) => `*.${key}`), "req.headers.authorization"];

type DatabaseError = Error & { query?: unknown; params?: unknown; code?: unknown; constraint?: unknown };

/** The database error an error carries (itself or a cause): it has a SQLSTATE code or a failed query. */
function databaseErrorIn(err: Error): DatabaseError | undefined {
  for (let cause: unknown = err, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const candidate = cause as DatabaseError;
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    if ("query" in candidate && "params" in candidate) return candidate;
    cause = candidate.cause;
  }
  return undefined;
}

/**
 * Errors as logged. A failed query's message, stack and details repeat its bound values (an e-mail, a search
 * term, a pseudonym): for those only the error's kind, PostgreSQL's code, the constraint and where it was
 * thrown are written.
 */
function errorForLog(err: Error) {
  const database = databaseErrorIn(err);
  if (!database) return stdSerializers.err(err);
  const cause = databaseErrorIn(database.cause instanceof Error ? database.cause : database) ?? database;
  const frames = (err.stack ?? "").split("\n").filter((line) => line.trimStart().startsWith("at "));
  return {
    type: err.constructor?.name ?? "Error",
    message: "database query failed (its statement and values are not logged)",
    code: typeof cause.code === "string" ? cause.code : undefined,
    constraint: typeof cause.constraint === "string" ? cause.constraint : undefined,
    stack: frames.join("\n"),
  };
}

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
    serializers: {
      req: requestForLog,
      err: errorForLog,
      ...("serializers" in logger ? logger.serializers : {}),
    },
  };
}
