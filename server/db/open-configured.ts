import path from "node:path";
import type { Config } from "#server/config.ts";
import { type Database, type DatabaseHandle, openDatabase } from "./client.ts";
import { runMigrations } from "./migrate.ts";
import { resealSecrets } from "./reseal-secrets.ts";
import { seedDefaults } from "./seed.ts";

/** What every start does once the schema is current: the default rows, then values sealed the old way re-sealed. */
export const afterMigrations = (appSecret: string) => async (db: Database) => {
  await seedDefaults(db);
  await resealSecrets(db, appSecret);
};

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite under DATA_DIR/db; migrated, seeded and re-sealed. */
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
    await runMigrations(handle, afterMigrations(config.appSecret));
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}
