import { readMigrationFiles } from "drizzle-orm/migrator";
import { codeSchema, migrationsFolder } from "#server/db/code-schema.ts";
import type { CodeMigration } from "./restore-backup.ts";

/** The code's migrations with their statements, as a restore applies them itself inside its one transaction. */
export function codeMigrations(): CodeMigration[] {
  const { migrations } = codeSchema();
  return readMigrationFiles({ migrationsFolder }).map((meta, index) => ({
    tag: migrations[index]?.tag ?? String(meta.folderMillis),
    when: meta.folderMillis,
    hash: meta.hash,
    sql: meta.sql,
  }));
}
