import { rmSync } from "node:fs";
import { cp, mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPglite } from "#server/db/create-pglite.ts";
import { embeddedDatabaseDirectory } from "#server/db/embedded-lock.ts";

let template: Promise<string> | undefined;

/** An embedded database created once per test process (PGlite's creation takes seconds), holding no table. */
function emptyDatabaseTemplate(): Promise<string> {
  template ??= (async () => {
    const directory = path.join(await mkdtemp(path.join(tmpdir(), "tagit-template-")), "db");
    await (await createPglite(directory)).close();
    process.once("exit", () => rmSync(path.dirname(directory), { recursive: true, force: true }));
    return directory;
  })();
  return template;
}

/**
 * A new data directory under `parent` whose embedded database exists but holds no table, as a first start
 * would create it: a copy of the process's template, made in milliseconds.
 */
export async function dataDirWithEmptyDatabase(parent = tmpdir()): Promise<string> {
  const dataDir = await mkdtemp(path.join(parent, "tagit-data-"));
  await cp(await emptyDatabaseTemplate(), embeddedDatabaseDirectory(dataDir), { recursive: true });
  return dataDir;
}

/** The tables of a data directory's embedded database (none when it has no database). */
export async function embeddedTables(dataDir: string): Promise<string[]> {
  const directory = embeddedDatabaseDirectory(dataDir);
  if ((await readdir(directory).catch(() => [])).length === 0) return [];
  const pglite = await createPglite(directory);
  try {
    const { rows } = await pglite.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') order by 1`,
    );
    return rows.map((row) => row.name);
  } finally {
    await pglite.close();
  }
}
