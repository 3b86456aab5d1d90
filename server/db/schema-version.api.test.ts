import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freshPostgresDatabase } from "#server/test/fresh-postgres.ts";
import { fingerprintAll } from "#server/test/reset-database.ts";
import packageJson from "../../package.json" with { type: "json" };
import { type DatabaseHandle, openDatabase } from "./client.ts";
import { codeSchema, tagitVersion } from "./code-schema.ts";
import { runMigrations } from "./migrate.ts";
import { afterMigrations } from "./open-configured.ts";
import { databaseSchema, SchemaTooNewError, schemaOwner } from "./schema-version.ts";

const DAY = 86_400_000;
const code = codeSchema();
const dayOf = (when: number) => new Date(when).toISOString().slice(0, 10);

/** What every start runs. */
const start = (handle: DatabaseHandle) =>
  runMigrations(handle, afterMigrations("schema-version-test-secret-0123456789"));

let shared: Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> | undefined;
afterAll(async () => {
  const opened = await shared;
  await opened?.handle.close();
  await opened?.drop();
});

/** One database of the project's kind for the file: PGlite in memory, or a PostgreSQL database of its own. */
async function openShared() {
  if (process.env.TEST_DB !== "postgres") {
    return { handle: await openDatabase({ kind: "pglite" }), drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `tagit_schema_version_${process.env.VITEST_POOL_ID ?? "0"}`;
  const url = await freshPostgresDatabase(adminUrl, name);
  const drop = async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => admin.end());
  };
  return { handle: await openDatabase({ kind: "postgres", url, poolSize: 2 }), drop };
}

/** The file's database emptied of every table, migration record and extension, as a new one is. */
async function emptyDatabase(): Promise<DatabaseHandle> {
  shared ??= openShared();
  const { handle } = await shared;
  for (const statement of [
    "DROP SCHEMA IF EXISTS drizzle CASCADE",
    "DROP SCHEMA public CASCADE",
    "CREATE SCHEMA public",
  ]) {
    await handle.db.execute(sql.raw(statement));
  }
  return handle;
}

const appliedMigrations = async ({ db }: DatabaseHandle) =>
  (
    (await db.execute(
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by id`,
    )) as unknown as { rows: unknown[] }
  ).rows;

/** A migration a later Tagit applied, `daysAfter` the code's last (negative: before it). */
const applyLaterMigration = ({ db }: DatabaseHandle, daysAfter: number) =>
  db.execute(
    sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('a later migration', ${code.last.when + daysAfter * DAY})`,
  );

/** The failure of a start that must be refused. */
async function refusal(handle: DatabaseHandle): Promise<SchemaTooNewError> {
  const err = await start(handle).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(err).toBeInstanceOf(SchemaTooNewError);
  return err as SchemaTooNewError;
}

const knows = `this is Tagit ${tagitVersion}, which knows ${code.migrations.length} migrations, up to ${code.last.tag} (${dayOf(code.last.when)})`;
const advice = "Start the newer Tagit, or restore a backup taken before the upgrade (docs/operating.md).";

describe("the schema a start finds", () => {
  it("an empty database is migrated to the code's last migration and records this Tagit as the one that did it", async () => {
    const handle = await emptyDatabase();
    expect(tagitVersion).toBe(packageJson.version);
    expect(await databaseSchema(handle.db)).toEqual({ applied: 0, lastWhen: undefined });
    expect(await schemaOwner(handle.db)).toBeUndefined();

    await start(handle);

    expect(await databaseSchema(handle.db)).toEqual({
      applied: code.migrations.length,
      lastWhen: code.last.when,
    });
    expect(await schemaOwner(handle.db)).toEqual({ tagitVersion, migration: code.last.tag });
  }, 60_000);

  it("a current database starts, whichever Tagit of the same schema migrated it last", async () => {
    const handle = await emptyDatabase();
    await start(handle);
    await handle.db.execute(sql`update schema_version set tagit_version = '0.0.9'`);
    const migrations = await appliedMigrations(handle);

    await start(handle);

    expect(await appliedMigrations(handle)).toEqual(migrations);
    expect(await schemaOwner(handle.db)).toEqual({ tagitVersion, migration: code.last.tag });
  }, 60_000);

  it("a database a newer Tagit migrated is refused in one line naming both versions, and nothing in it changes", async () => {
    const handle = await emptyDatabase();
    await start(handle);
    await applyLaterMigration(handle, 5);
    await handle.db.execute(
      sql`update schema_version set tagit_version = '9.1.0', migration = '0099_from_a_later_tagit'`,
    );
    // A default row a start would put back (seedDefaults) if it went on past the refusal.
    await handle.db.execute(sql`delete from settings where key = 'freeOptionEnabled'`);
    const before = { migrations: await appliedMigrations(handle), tables: await fingerprintAll(handle.db) };

    const err = await refusal(handle);

    expect(err.message).toBe(
      `The database's schema is newer than this Tagit: it was migrated by Tagit 9.1.0 to 0099_from_a_later_tagit (${dayOf(code.last.when + 5 * DAY)}), and ${knows}. ${advice}`,
    );
    expect(err.message).not.toContain("\n");
    expect({ migrations: await appliedMigrations(handle), tables: await fingerprintAll(handle.db) }).toEqual(
      before,
    );
  }, 60_000);

  it("a newer database without a schema_version row is named by the date of its last migration", async () => {
    const handle = await emptyDatabase();
    await start(handle);
    await applyLaterMigration(handle, 30);
    await handle.db.execute(sql`delete from schema_version`);

    const err = await refusal(handle);

    expect(err.message).toBe(
      `The database's schema is newer than this Tagit: it holds ${code.migrations.length + 1} migrations, the last of ${dayOf(code.last.when + 30 * DAY)}, and ${knows}. ${advice}`,
    );
    expect(await schemaOwner(handle.db)).toBeUndefined();
  }, 60_000);

  it("more migrations than the code knows is refused too, even when none is dated after the code's last", async () => {
    const handle = await emptyDatabase();
    await start(handle);
    await applyLaterMigration(handle, -1);

    await refusal(handle);
    expect(await databaseSchema(handle.db)).toEqual({
      applied: code.migrations.length + 1,
      lastWhen: code.last.when,
    });
  }, 60_000);
});
