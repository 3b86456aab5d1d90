import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { withAdvisoryLock } from "./advisory-locks.ts";
import type { Database, DatabaseHandle } from "./client.ts";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Applies every migration not yet applied, then `andThen` (the default rows), holding one advisory lock on one
 * connection: instances starting together on an empty database take turns, the first migrates, the others
 * find nothing left to do (without it, two concurrent runs of one migration fail on a duplicate type).
 */
export async function runMigrations(
  handle: DatabaseHandle,
  andThen?: (db: Database) => Promise<void>,
): Promise<void> {
  await handle.onOneConnection((db) =>
    withAdvisoryLock(db, "migrations", async () => {
      // biome-ignore lint/suspicious/noExplicitAny: the two drizzle drivers share this runtime shape
      const migrator: any = handle.kind === "pglite" ? migratePglite : migratePg;
      await migrator(db, { migrationsFolder });
      await andThen?.(db);
    }),
  );
}
