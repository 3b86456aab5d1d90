import type { Config } from "#server/config.ts";
import { type Database, type DatabaseHandle, openDatabase } from "./client.ts";
import type { Migration } from "./code-schema.ts";
import { embeddedDatabaseDirectory } from "./embedded-lock.ts";
import { runMigrations } from "./migrate.ts";
import { resealSecrets } from "./reseal-secrets.ts";
import { pendingOnData } from "./schema-version.ts";
import { seedDefaults } from "./seed.ts";

/** What every start does once the schema is current: the default rows, then values sealed the old way re-sealed. */
export const afterMigrations = (appSecret: string) => async (db: Database) => {
  await seedDefaults(db);
  await resealSecrets(db, appSecret);
};

/** How long a start waits for a PostgreSQL server that is slow to accept connections, and between tries. */
const START_TRIES = { attempts: 10, pauseMs: 1_000 } as const;

/**
 * A connection that could not be made or was cut (the server busy, restarting or not up yet), not a bad query;
 * a query's error carries the connection's as its cause.
 */
const unreachable = (err: unknown): boolean => {
  const { code, message, cause } = (err ?? {}) as { code?: string; message?: string; cause?: unknown };
  return (
    ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "57P03"].includes(code ?? "") ||
    /timeout expired|Connection terminated/i.test(message ?? "") ||
    (cause !== undefined && unreachable(cause))
  );
};

/**
 * PostgreSQL when DATABASE_URL is set, otherwise PGlite under DATA_DIR/db; migrated, seeded and re-sealed. An
 * instance that starts while PostgreSQL is slow to accept connections (busy, or restarting beside it) tries again
 * for a few seconds instead of exiting on the first timeout.
 */
export async function openConfiguredDatabase(
  config: Config,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openAndMigrate(config, options);
    } catch (err) {
      if (!config.databaseUrl || !unreachable(err) || attempt >= START_TRIES.attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, START_TRIES.pauseMs));
    }
  }
}

type OpenOptions = {
  /**
   * Called, with the database closed, when migrations are about to change a database that holds members: the
   * backup taken first (server/backup/before-migrating.ts). Unset: migrate without one.
   */
  beforeMigrating?: (pending: Migration[]) => Promise<void>;
};

const open = (config: Config) =>
  config.databaseUrl
    ? openDatabase({
        kind: "postgres",
        url: config.databaseUrl,
        poolSize: config.database.poolSize,
        statementTimeoutMs: config.database.statementTimeoutMs,
      })
    : openDatabase({ kind: "pglite", dataDir: embeddedDatabaseDirectory(config.dataDir) });

async function openAndMigrate(config: Config, { beforeMigrating }: OpenOptions): Promise<DatabaseHandle> {
  let handle = await open(config);
  try {
    const pending = beforeMigrating ? await pendingOnData(handle.db) : [];
    if (beforeMigrating && pending.length > 0) {
      // The embedded database can be open in one place only: the backup opens it itself.
      await handle.close();
      await beforeMigrating(pending);
      handle = await open(config);
    }
    await runMigrations(handle, afterMigrations(config.appSecret));
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}
