import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertStoredName, isStoredName, newBaseName, type Storage } from "./storage.ts";

/** Files on the local disk, in one directory: the default store, for a single instance. */
export function createLocalStorage(directory: string): Storage {
  const resolve = (name: string) => {
    assertStoredName(name);
    return path.join(directory, name);
  };
  return {
    newBaseName,
    async write(name, data) {
      const file = resolve(name);
      await mkdir(directory, { recursive: true });
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
      if (!isStoredName(name)) return undefined;
      const file = path.join(directory, name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { size: info.size, stream: () => createReadStream(file) };
    },
    publicUrl: () => undefined,
    close: async () => {},
  };
}
