import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { freshPostgresDatabase } from "./fresh-postgres.ts";

let shared: Promise<DatabaseHandle> | undefined;

async function openPostgres(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const url = await freshPostgresDatabase(adminUrl, `tagit_test_${process.env.VITEST_POOL_ID ?? "0"}`);
  return openDatabase({ kind: "postgres", url, poolSize: 4 });
}

/** One migrated database per test worker (PGlite in memory, or a fresh PostgreSQL database). */
export function workerDatabase(): Promise<DatabaseHandle> {
  shared ??= (async () => {
    const handle =
      process.env.TEST_DB === "postgres" ? await openPostgres() : await openDatabase({ kind: "pglite" });
    await runMigrations(handle);
    return handle;
  })();
  return shared;
}
