/** PostgreSQL's unique_violation, as raised by pg or PGlite and wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (value: unknown) => (value as { code?: string } | undefined)?.code;
  return code(err) === "23505" || code((err as { cause?: unknown })?.cause) === "23505";
}

/**
 * Network failures, PostgreSQL's connection-exception (08) and shutdown (57P0x) classes, and a statement that
 * ran past DATABASE_STATEMENT_TIMEOUT_MS (57014: the server cancelled it, so nothing of it was kept).
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "57014",
  "57P01",
  "57P02",
  "57P03",
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/i;

/** The database could not be reached (as opposed to a query that failed): the request deserves a 503. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let cause = err, depth = 0; cause && depth < 5; depth += 1) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** PostgreSQL's foreign_key_violation (a row points at one that does not exist). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (value: unknown) => (value as { code?: string } | undefined)?.code;
  return code(err) === "23503" || code((err as { cause?: unknown })?.cause) === "23503";
}

/** The name of the constraint a violation names, when the driver reports it (pg and PGlite do). */
export function violatedConstraint(err: unknown): string | undefined {
  const name = (value: unknown) => (value as { constraint?: unknown } | undefined)?.constraint;
  const found = name(err) ?? name((err as { cause?: unknown })?.cause);
  return typeof found === "string" ? found : undefined;
}
