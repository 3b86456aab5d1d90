import path from "node:path";
import type { Config } from "#server/config.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";
import { runMigrations } from "./migrate.ts";
import { seedDefaults } from "./seed.ts";

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite under DATA_DIR/db; migrated and seeded. */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = config.databaseUrl
    ? await openDatabase({
        kind: "postgres",
        url: config.databaseUrl,
        poolSize: config.database.poolSize,
        statementTimeoutMs: config.database.statementTimeoutMs,
      })
    : await openDatabase({ kind: "pglite", dataDir: path.join(config.dataDir, "db") });
  try {
    await runMigrations(handle, seedDefaults);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}
