import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

const NAME_PATTERN = /^[a-f0-9]{32}(-[a-z]+)?\.(jpg|png|webp|gif)$/;

/**
 * Where uploaded files live. Local disk under DATA_DIR/uploads by default; an S3-compatible store can
 * implement the same interface for several instances.
 */
export type Storage = {
  /** A new random base name (128 bits), so stored names cannot be guessed. */
  newBaseName(): string;
  write(name: string, data: Buffer): Promise<void>;
  remove(names: string[]): Promise<void>;
  /** The file's size and a stream, or undefined when it does not exist or the name is not one of ours. */
  open(name: string): Promise<{ size: number; stream: () => NodeJS.ReadableStream } | undefined>;
};

export const isStoredName = (name: string) => NAME_PATTERN.test(name);

export function createLocalStorage(directory: string): Storage {
  const resolve = (name: string) => {
    if (!isStoredName(name)) throw new Error(`not a stored file name: ${name}`);
    return path.join(directory, name);
  };
  return {
    newBaseName: () => randomBytes(16).toString("hex"),
    async write(name, data) {
      await mkdir(directory, { recursive: true });
      await writeFile(resolve(name), data, { flag: "wx" });
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
  };
}
