import { chmod, mkdir, stat } from "node:fs/promises";

/** A directory only the app's own user may list, enter or change: nobody else on the machine. */
export const OWNER_ONLY_DIRECTORY = 0o700;
/** A file only the app's own user may read or write. */
export const OWNER_ONLY_FILE = 0o600;

/**
 * Creates the directory, with any missing parents, for the app's user alone, and closes an existing one that
 * others may open (left so by an earlier version, or made by hand). For what DATA_DIR keeps that no other
 * account on the machine should read: the database and the e-mail outbox.
 */
export async function ensureOwnerOnlyDirectory(directory: string) {
  await mkdir(directory, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
  if (((await stat(directory)).mode & 0o777) !== OWNER_ONLY_DIRECTORY) {
    await chmod(directory, OWNER_ONLY_DIRECTORY);
  }
}
