import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { OWNER_ONLY_DIRECTORY, OWNER_ONLY_FILE } from "./owner-only.ts";

export type TempFile = { path: string; remove: () => Promise<void> };

/**
 * Streams `input` into a new file under `directory`, so a large body never sits in memory. The caller
 * removes the file when done; if writing fails, it is removed here. The body is as sent (an upload still
 * carries its GPS position): the file is readable by the app's user only.
 */
export async function streamToTempFile(input: Readable, directory: string): Promise<TempFile> {
  await mkdir(directory, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
  const file = path.join(directory, `${randomUUID()}.part`);
  const remove = () => rm(file, { force: true });
  try {
    await pipeline(input, createWriteStream(file, { flags: "wx", mode: OWNER_ONLY_FILE }));
  } catch (err) {
    await remove();
    throw err;
  }
  return { path: file, remove };
}
