/** PostgreSQL's unique_violation, as raised by pg or PGlite and wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (value: unknown) => (value as { code?: string } | undefined)?.code;
  return code(err) === "23505" || code((err as { cause?: unknown })?.cause) === "23505";
}
