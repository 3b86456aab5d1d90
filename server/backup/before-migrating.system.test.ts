import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { runCli } from "#server/cli.ts";
import { codeSchema } from "#server/db/code-schema.ts";
import { createPglite } from "#server/db/create-pglite.ts";
import { dataDirWithEmptyDatabase } from "#server/test/embedded-template.ts";
import { migrationSteps } from "#server/test/migration-steps.ts";
import { runTagit } from "#server/test/tagit-cli.ts";
import { TEST_APP_SECRET } from "#server/test/test-app.ts";

const root = await mkdtemp(path.join(tmpdir(), "tagit-before-migrating-"));
afterAll(() => rm(root, { recursive: true, force: true }));

const ENV = { APP_SECRET: TEST_APP_SECRET, PAYMENTS_TEST_MODE: "true" };
const { migrations, last } = codeSchema();

/** A data directory whose embedded database an older Tagit left one migration behind, with or without a member. */
async function olderDataDir(withMember: boolean) {
  const dataDir = await dataDirWithEmptyDatabase(root);
  const older = migrationSteps(path.join(dataDir, "db"));
  await older.before(migrations.length - 1);
  if (withMember) {
    await older.client.query(
      "insert into profiles (id, email, first_name, last_name) values (gen_random_uuid(), 'old@example.com', 'Old', 'Timer')",
    );
  }
  await older.client.close();
  return dataDir;
}

const appliedIn = async (dataDir: string) => {
  const database = await createPglite(path.join(dataDir, "db"));
  const { rows } = await database.query<{ count: number }>(
    "select count(*)::int as count from drizzle.__drizzle_migrations",
  );
  await database.close();
  return rows[0]?.count;
};

/** `tagit migrate` in this process on a data directory: its exit code and the lines it printed. */
async function migrate(dataDir: string, ...flags: string[]) {
  const lines: string[] = [];
  const code = await runCli(["migrate", ...flags], {
    env: { ...ENV, NODE_ENV: "production", DATA_DIR: dataDir },
    write: (line) => lines.push(line),
  });
  return { code, output: lines.join("") };
}

it("tagit migrate backs a database that holds members up before changing it, and says so", async () => {
  const dataDir = await olderDataDir(true);
  const migrated = await migrate(dataDir);
  expect(migrated.code).toBe(0);
  expect(migrated.output).toContain(
    "1 migration(s) will change a database that holds members: backing it up first",
  );
  const [archive, ...more] = await readdir(path.join(dataDir, "backups"));
  expect(more).toEqual([]);
  expect(archive).toMatch(
    new RegExp(`^tagit-before-${last.tag}-\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}Z\\.tar$`),
  );
  expect(await appliedIn(dataDir)).toBe(migrations.length);

  // Nothing left to apply: no second backup.
  expect((await migrate(dataDir)).code).toBe(0);
  expect(await readdir(path.join(dataDir, "backups"))).toEqual([archive]);
}, 90_000);

it("skips the backup when told, never silently, and has none to take of a database without members", async () => {
  const skipped = await olderDataDir(true);
  const migrated = await migrate(skipped, "--skip-backup");
  expect(migrated.code).toBe(0);
  expect(migrated.output).toContain("migrating without a backup first (--skip-backup)");
  expect(await readdir(skipped)).not.toContain("backups");
  expect(await appliedIn(skipped)).toBe(migrations.length);

  const empty = await olderDataDir(false);
  expect((await migrate(empty)).code).toBe(0);
  expect(await readdir(empty)).not.toContain("backups");
}, 90_000);

it("answers a database it cannot reach in one line, with exit code 1", async () => {
  const unreachable = { ...ENV, DATA_DIR: root, DATABASE_URL: "postgres://tagit@127.0.0.1:1/tagit" };
  const backup = await runTagit(["backup", path.join(root, "never.tar")], unreachable);
  expect(backup.code).toBe(1);
  expect(backup.stderr).toBe("tagit: Cannot reach the database: connect ECONNREFUSED 127.0.0.1:1\n");
  expect(await readdir(root)).not.toContain("never.tar");
});
