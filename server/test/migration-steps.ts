import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const migrationsFolder = fileURLToPath(new URL("../db/migrations", import.meta.url));

/**
 * An empty database for a migration test (in memory, or in `dataDir`): `before(idx)` migrates it as far as the
 * migration numbered `idx` (not included), so the test can put rows there the way an older release wrote them;
 * `rest()` applies the migrations that follow, as the next start would.
 */
export function migrationSteps(dataDir?: string) {
  const client = new PGlite({ dataDir, extensions: { pg_trgm } });
  const db = drizzle(client);
  return {
    client,
    async before(idx: number) {
      const dir = await mkdtemp(path.join(tmpdir(), "tagit-migrations-"));
      try {
        await cp(migrationsFolder, dir, { recursive: true });
        const journalPath = path.join(dir, "meta", "_journal.json");
        const journal = JSON.parse(await readFile(journalPath, "utf8"));
        journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < idx);
        await writeFile(journalPath, JSON.stringify(journal));
        await migrate(db, { migrationsFolder: dir });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    rest: () => migrate(db, { migrationsFolder }),
  };
}
