import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export type TempFile = { path: string; remove: () => Promise<void> };

/**
 * Streams `input` into a new file under `directory`, so a large body never sits in memory. The caller
 * removes the file when done; if writing fails, it is removed here.
 */
export async function streamToTempFile(input: Readable, directory: string): Promise<TempFile> {
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `${randomUUID()}.part`);
  const remove = () => rm(file, { force: true });
  try {
    await pipeline(input, createWriteStream(file, { flags: "wx" }));
  } catch (err) {
    await remove();
    throw err;
  }
  return { path: file, remove };
}
