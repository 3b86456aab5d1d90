import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { withAdvisoryLock } from "./advisory-locks.ts";
import type { Database, DatabaseHandle } from "./client.ts";
import { codeSchema, migrationsFolder } from "./code-schema.ts";
import {
  databaseSchema,
  isNewerThanCode,
  recordSchemaOwner,
  SchemaTooNewError,
  schemaOwner,
} from "./schema-version.ts";

/**
 * Applies every migration not yet applied, records this Tagit as the one that migrated, then `andThen` (the
 * default rows), holding one advisory lock on one connection: instances starting together on an empty database
 * take turns, the first migrates, the others find nothing left to do (without it, two concurrent runs of one
 * migration fail on a duplicate type). A database migrated further than this code knows is left as it is:
 * drizzle would apply only the migrations dated after the database's last and run this code on a schema it does
 * not know, so the start fails with SchemaTooNewError.
 */
export async function runMigrations(
  handle: DatabaseHandle,
  andThen?: (db: Database) => Promise<void>,
): Promise<void> {
  await handle.onOneConnection((db) =>
    withAdvisoryLock(db, "migrations", async () => {
      const code = codeSchema();
      const database = await databaseSchema(db);
      if (isNewerThanCode(database, code)) throw new SchemaTooNewError(code, database, await schemaOwner(db));
      // biome-ignore lint/suspicious/noExplicitAny: the two drizzle drivers share this runtime shape
      const migrator: any = handle.kind === "pglite" ? migratePglite : migratePg;
      await migrator(db, { migrationsFolder });
      await recordSchemaOwner(db, code.last);
      await andThen?.(db);
    }),
  );
}
