import { afterAll, describe, expect, it } from "vitest";
import { migrationSteps } from "#server/test/migration-steps.ts";
import { openDatabase } from "./client.ts";
import { codeSchema, tagitVersion } from "./code-schema.ts";
import { runMigrations } from "./migrate.ts";
import { databaseSchema, schemaOwner } from "./schema-version.ts";

const SCHEMA_VERSION_MIGRATION = 26;

describe("the schema_version migration on a database migrated before it", () => {
  const steps = migrationSteps();
  afterAll(() => steps.client.close());

  it("migrates it to the code's last migration and records this Tagit", async () => {
    await steps.before(SCHEMA_VERSION_MIGRATION);
    const handle = await openDatabase({ kind: "pglite", client: steps.client });
    const code = codeSchema();
    expect(await schemaOwner(handle.db)).toBeUndefined();

    await runMigrations(handle);

    expect(await databaseSchema(handle.db)).toEqual({
      applied: code.migrations.length,
      lastWhen: code.last.when,
    });
    expect(await schemaOwner(handle.db)).toEqual({ tagitVersion, migration: code.last.tag });
  }, 120_000);
});
