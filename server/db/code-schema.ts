import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import packageJson from "../../package.json" with { type: "json" };

// What this code carries, read without the database's modules: the operator's commands load it first.

/** drizzle-kit's migrations. The production build copies them beside dist/server (scripts/build-server.mjs). */
export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** This Tagit's version: package.json's, bundled into the production build. */
export const tagitVersion: string = packageJson.version;

/** A migration by its file name and drizzle-kit's `when` (ms), which drizzle stores as `created_at` once applied. */
export type Migration = { tag: string; when: number };

/** The migrations this code carries, in the order they apply, and the last of them. */
export type CodeSchema = { migrations: readonly Migration[]; last: Migration };

export function codeSchema(): CodeSchema {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: Migration[];
  };
  const migrations = journal.entries.map(({ tag, when }) => ({ tag, when }));
  const last = migrations.at(-1);
  if (!last) throw new Error(`No migration in ${migrationsFolder}`);
  return { migrations, last };
}
