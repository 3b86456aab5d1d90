import { readdir, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import type { Config } from "#server/config.ts";
import { createPglite } from "#server/db/create-pglite.ts";
import {
  embeddedDatabaseDirectory,
  embeddedDatabaseHolder,
  lockEmbeddedDatabase,
} from "#server/db/embedded-lock.ts";
import { configuredStorage } from "#server/lib/configured-storage.ts";
import type { DatabaseSnapshot } from "./database-snapshot.ts";
import { pgliteSnapshot } from "./pglite-snapshot.ts";
import { openPostgresSnapshot } from "./postgres-snapshot.ts";
import { BackupRefusal } from "./refusal.ts";
import type { RestoreDestination } from "./restore-backup.ts";
import { openPostgresTarget, pgliteTarget } from "./restore-target.ts";
import { requestSnapshot } from "./snapshot-socket.ts";
import type { BackupSource } from "./write-backup.ts";

const embeddedDirectory = (config: Pick<Config, "dataDir">) => embeddedDatabaseDirectory(config.dataDir);

/** A PostgreSQL address as an operator may see it printed: without its password. */
export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

const isEmptyDirectory = async (directory: string) => (await readdir(directory).catch(() => [])).length === 0;

/**
 * The configured database at one moment and the configured file store. On the embedded database a running app
 * is asked for a copy of its files (it holds the database); with no app running the data directory is locked
 * and read where it is.
 */
export async function openBackupSource(config: Config): Promise<BackupSource & { close(): Promise<void> }> {
  const { storage, kind } = configuredStorage(config);
  let snapshot: DatabaseSnapshot;
  let closeDatabase: () => Promise<void>;
  try {
    if (config.databaseUrl) {
      snapshot = await openPostgresSnapshot(config.databaseUrl);
      closeDatabase = () => snapshot.close();
    } else if (await embeddedDatabaseHolder(embeddedDirectory(config))) {
      const copy = await requestSnapshot(embeddedDirectory(config));
      const pglite = await createPglite(copy);
      snapshot = pgliteSnapshot(pglite);
      closeDatabase = async () => {
        await pglite.close();
        await rm(copy, { recursive: true, force: true });
        // The directory of copies goes too once no other backup's copy is in it.
        await rmdir(path.dirname(copy)).catch(() => {});
      };
    } else {
      if (await isEmptyDirectory(embeddedDirectory(config))) {
        throw new BackupRefusal(`There is no database to back up in ${embeddedDirectory(config)}`);
      }
      const unlock = await lockEmbeddedDatabase(embeddedDirectory(config));
      const pglite = await createPglite(embeddedDirectory(config)).catch(async (err) => {
        await unlock();
        throw err;
      });
      snapshot = pgliteSnapshot(pglite);
      closeDatabase = async () => {
        await pglite.close();
        await unlock();
      };
    }
  } catch (err) {
    await storage.close();
    throw err;
  }
  return {
    snapshot,
    storage,
    storageKind: kind,
    async close() {
      await closeDatabase();
      await storage.close();
    },
  };
}

/**
 * The configured database and file store, to restore into. The embedded database must not be open in a
 * running app; a data directory the restore created is removed again if it fails (`close(true)`).
 */
export async function openRestoreDestination(
  config: Config,
): Promise<RestoreDestination & { close(failed: boolean): Promise<void> }> {
  const { storage, label: storageLabel } = configuredStorage(config);
  try {
    if (config.databaseUrl) {
      const target = await openPostgresTarget(config.databaseUrl);
      return {
        target,
        storage,
        databaseLabel: `the database ${withoutPassword(config.databaseUrl)}`,
        storageLabel,
        async close() {
          await target.close();
          await storage.close();
        },
      };
    }
    const holder = await embeddedDatabaseHolder(embeddedDirectory(config));
    if (holder) {
      throw new BackupRefusal(
        `Tagit is running on ${config.dataDir} (process ${holder}): stop it before restoring into its database`,
      );
    }
    const directory = embeddedDirectory(config);
    const created = await isEmptyDirectory(directory);
    const unlock = await lockEmbeddedDatabase(embeddedDirectory(config));
    const target = pgliteTarget(await createPglite(directory));
    return {
      target,
      storage,
      databaseLabel: `the embedded database in ${directory}`,
      storageLabel,
      async close(failed) {
        await target.close();
        if (failed && created) await rm(directory, { recursive: true, force: true });
        await unlock();
        await storage.close();
      },
    };
  } catch (err) {
    await storage.close();
    throw err;
  }
}
