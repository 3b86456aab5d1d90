import pg from "pg";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";

let shared: Promise<DatabaseHandle> | undefined;

async function openPostgres(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `tagit_test_${process.env.VITEST_POOL_ID ?? "0"}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
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
