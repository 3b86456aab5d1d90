/** Statements named as themselves in a span; anything else is OTHER. */
const OPERATIONS = new Set([
  "SELECT",
  "INSERT",
  "UPDATE",
  "DELETE",
  "WITH",
  "BEGIN",
  "COMMIT",
  "ROLLBACK",
  "SAVEPOINT",
  "RELEASE",
  "SET",
  "SHOW",
  "LISTEN",
  "UNLISTEN",
  "NOTIFY",
  "COPY",
  "TRUNCATE",
  "LOCK",
  "CREATE",
  "ALTER",
  "DROP",
  "VACUUM",
  "ANALYZE",
  "CHECKPOINT",
  "EXPLAIN",
  "DO",
  "CALL",
]);

const LEADING_COMMENTS = /^(?:\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)*/;
const TABLE_AFTER = /\b(?:from|into|update|join|table)\s+(?:"?\w+"?\.)?"?(\w+)"?/gi;

export type QuerySummary = { operation: string; table?: string; summary: string };

/**
 * What a span may say about a statement: its first keyword (from a fixed list) and the first table it names
 * that is one of `tables`. Nothing else of the text is kept, so a literal written into the SQL (not bound) can
 * never reach a trace.
 */
export function summarizeQuery(sql: string, tables: ReadonlySet<string>): QuerySummary {
  const text = sql.replace(LEADING_COMMENTS, "");
  const keyword = /^[A-Za-z]+/.exec(text)?.[0]?.toUpperCase() ?? "";
  const operation = OPERATIONS.has(keyword) ? keyword : "OTHER";
  let table: string | undefined;
  for (const match of text.matchAll(TABLE_AFTER)) {
    const name = match[1] ?? "";
    if (tables.has(name)) {
      table = name;
      break;
    }
  }
  return { operation, table, summary: table ? `${operation} ${table}` : operation };
}
