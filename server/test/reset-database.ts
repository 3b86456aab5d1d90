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
