import { createReadStream } from "node:fs";
import { mkdir, opendir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { OWNER_ONLY_DIRECTORY } from "./owner-only.ts";
import {
  assertStoredName,
  entityTagOf,
  type FileVersion,
  isStoredName,
  newBaseName,
  type Storage,
} from "./storage.ts";

/** Files on the local disk, in one directory: the default store, for a single instance. */
export function createLocalStorage(directory: string): Storage {
  const resolve = (name: string) => {
    assertStoredName(name);
    return path.join(directory, name);
  };
  /** A file's version from the file system: its size and when it was written. */
  async function versionOf(name: string): Promise<FileVersion | undefined> {
    if (!isStoredName(name)) return undefined;
    const info = await stat(path.join(directory, name)).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { size: info.size, etag: entityTagOf(name, info.size, info.mtime), lastModified: info.mtime };
  }

  return {
    newBaseName,
    async write(name, data) {
      const file = resolve(name);
      await mkdir(directory, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
      try {
        await writeFile(file, data, { flag: "wx" });
      } catch (err) {
        // A stream that failed half-way leaves a partial file; a name already taken is not ours to remove.
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") await rm(file, { force: true });
        throw err;
      }
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(resolve(name), { force: true })));
    },
    async open(name) {
      const version = await versionOf(name);
      const file = path.join(directory, name);
      return version && { ...version, path: file, stream: () => createReadStream(file) };
    },
    stat: versionOf,
    async *names() {
      const entries = await opendir(directory).catch((err: NodeJS.ErrnoException) => {
        if (err.code === "ENOENT") return undefined;
        throw err;
      });
      if (!entries) return;
      for await (const entry of entries) if (entry.isFile() && isStoredName(entry.name)) yield entry.name;
    },
    publicUrl: () => undefined,
    close: async () => {},
  };
}
