import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./client.ts";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies every migration not yet applied. Safe to run on each start and from several instances. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the two drizzle drivers share this runtime shape
    await migratePglite(handle.db as any, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the two drizzle drivers share this runtime shape
    await migratePg(handle.db as any, { migrationsFolder });
  }
}
