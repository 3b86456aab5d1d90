import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#server/db/client.ts";
import * as schema from "#server/db/schema/index.ts";

/** Every table of the data model (drizzle's own migrations table lives elsewhere and is not listed). */
const ALL_TABLE_NAMES: readonly string[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => {
    const { name, schema: pgSchema } = getTableConfig(table);
    return pgSchema ? `"${pgSchema}"."${name}"` : `"${name}"`;
  })
  .sort();

const truncateStatement = sql.raw(`TRUNCATE ${ALL_TABLE_NAMES.join(", ")} RESTART IDENTITY CASCADE`);

/** Empties every table in one statement (test-app.ts calls this, then `seedDefaults`). */
export async function truncateAll(db: Database): Promise<void> {
  await db.execute(truncateStatement);
}

/**
 * A fingerprint of every table's whole content, to prove that a refused request changed nothing: compare the
 * answer before and after.
 */
export async function fingerprintAll(db: Database): Promise<Record<string, string>> {
  const parts = ALL_TABLE_NAMES.map(
    (name) =>
      `select '${name.replaceAll("'", "''")}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as print from ${name} t`,
  );
  type Print = { name: string; print: string };
  // node-postgres answers { rows }, PGlite answers { rows } too; both through drizzle's execute.
  const result = (await db.execute(sql.raw(parts.join(" union all ")))) as unknown as { rows: Print[] };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.print]));
}
