import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { OWNER_ONLY_DIRECTORY, OWNER_ONLY_FILE } from "#server/lib/owner-only.ts";

/** Where the embedded database lives in the data directory. */
export const embeddedDatabaseDirectory = (dataDir: string) => path.join(dataDir, "db");

/**
 * The embedded database may be open in one process only (two would corrupt it): whoever opens DATA_DIR/db
 * writes its process id to DATA_DIR/db.lock, and a lock whose process is gone (a crash, a kill) is stale.
 */
export const embeddedLockFile = (databaseDir: string) => `${path.resolve(databaseDir)}.lock`;

/** Where a running app answers requests for a copy of its embedded database (see backup/snapshot-socket.ts). */
export const embeddedSocketFile = (databaseDir: string) => `${path.resolve(databaseDir)}.sock`;

export class EmbeddedDatabaseInUse extends Error {
  constructor(
    readonly databaseDir: string,
    readonly pid: number,
  ) {
    super(`The embedded database in ${databaseDir} is in use by process ${pid} (a running Tagit?)`);
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** The process that holds the embedded database, or undefined when none does (or its lock is stale). */
export async function embeddedDatabaseHolder(databaseDir: string): Promise<number | undefined> {
  const pid = Number.parseInt(await readFile(embeddedLockFile(databaseDir), "utf8").catch(() => ""), 10);
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : undefined;
}

/** Takes the embedded database for this process; throws EmbeddedDatabaseInUse if a live process holds it. */
export async function lockEmbeddedDatabase(databaseDir: string): Promise<() => Promise<void>> {
  const file = embeddedLockFile(databaseDir);
  await mkdir(path.dirname(file), { recursive: true, mode: OWNER_ONLY_DIRECTORY });
  for (;;) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: "wx", mode: OWNER_ONLY_FILE });
      return () => rm(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const holder = await embeddedDatabaseHolder(databaseDir);
    if (holder) throw new EmbeddedDatabaseInUse(databaseDir, holder);
    await rm(file, { force: true });
  }
}
