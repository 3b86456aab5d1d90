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

/** How long a start waits for a PostgreSQL server that is slow to accept connections, and between tries. */
const START_TRIES = { attempts: 10, pauseMs: 1_000 } as const;

/** A connection that could not be made or was cut (the server busy, restarting or not up yet), not a bad query. */
const unreachable = (err: unknown) => {
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  return (
    ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "57P03"].includes(code ?? "") ||
    /timeout expired|Connection terminated/i.test(message ?? "")
  );
};

/**
 * PostgreSQL when DATABASE_URL is set, otherwise PGlite under DATA_DIR/db; migrated, seeded and re-sealed. An
 * instance that starts while PostgreSQL is slow to accept connections (busy, or restarting beside it) tries again
 * for a few seconds instead of exiting on the first timeout.
 */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openAndMigrate(config);
    } catch (err) {
      if (!config.databaseUrl || !unreachable(err) || attempt >= START_TRIES.attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, START_TRIES.pauseMs));
    }
  }
}

async function openAndMigrate(config: Config): Promise<DatabaseHandle> {
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
