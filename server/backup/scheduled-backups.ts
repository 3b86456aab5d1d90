import { spawn } from "node:child_process";
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { OWNER_ONLY_DIRECTORY } from "#server/lib/owner-only.ts";

/** The operator's tool, two folders up from this module in the sources and in the built server alike. */
const TAGIT_BIN = fileURLToPath(new URL("../../bin/tagit.mjs", import.meta.url));

const ARCHIVE_NAME = /^tagit-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar$/;

/** `tagit-2026-12-06T03-00-00Z.tar`: sorts by time, and names no one. */
export const archiveNameAt = (at: Date) => `tagit-${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z.tar`;

/** Deletes the oldest of the scheduled archives in `directory` past the newest `keep`; other files stay. */
export async function keepNewest(directory: string, keep: number): Promise<string[]> {
  const archives = (await readdir(directory)).filter((name) => ARCHIVE_NAME.test(name)).sort();
  const old = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of old) await rm(path.join(directory, name), { force: true });
  return old;
}

/**
 * Runs `tagit backup FILE` as a process of its own (with this process's environment, so the same
 * configuration): its reading and hashing never hold up this server's requests, and on the embedded database
 * it asks this app for a copy of its files like any other backup. Rejects with the command's last line.
 */
export function backupInAnotherProcess(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TAGIT_BIN, "backup", file], {
      env: process.env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let output = "";
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve();
      else reject(new Error(output.trim().split("\n").at(-1) ?? `tagit backup exited with ${code}`));
    });
  });
}

/** The daily backup: a new archive in `directory`, then the oldest past `keep` deleted. */
export function scheduledBackup({ directory, keep }: { directory: string; keep: number }, now: () => Date) {
  return async () => {
    await mkdir(directory, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
    const name = archiveNameAt(now());
    await backupInAnotherProcess(path.join(directory, name));
    return { archive: name, deleted: await keepNewest(directory, keep) };
  };
}
