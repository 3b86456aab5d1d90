import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import {
  EmbeddedDatabaseInUse,
  embeddedDatabaseHolder,
  embeddedLockFile,
  lockEmbeddedDatabase,
} from "./embedded-lock.ts";

let dataDir: string;
let databaseDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "tagit-lock-"));
  databaseDir = path.join(dataDir, "db");
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

/** The id of a process that has ended. */
const endedPid = () => spawnSync(process.execPath, ["-e", ""]).pid ?? 0;

it("holds the embedded database for this process, in DATA_DIR/db.lock, until released", async () => {
  const release = await lockEmbeddedDatabase(databaseDir);
  expect(embeddedLockFile(databaseDir)).toBe(path.join(dataDir, "db.lock"));
  expect(await readFile(embeddedLockFile(databaseDir), "utf8")).toBe(`${process.pid}\n`);
  await release();
  await expect(readFile(embeddedLockFile(databaseDir))).rejects.toThrow(/ENOENT/);
});

it("refuses a database another live process holds, naming it", async () => {
  await writeFile(embeddedLockFile(databaseDir), `${process.ppid}\n`);
  expect(await embeddedDatabaseHolder(databaseDir)).toBe(process.ppid);
  const refused = lockEmbeddedDatabase(databaseDir);
  await expect(refused).rejects.toBeInstanceOf(EmbeddedDatabaseInUse);
  await expect(refused).rejects.toThrow(`in use by process ${process.ppid}`);
  expect(await readFile(embeddedLockFile(databaseDir), "utf8")).toBe(`${process.ppid}\n`);
});

it("takes over a lock whose process has ended (a crash, a kill)", async () => {
  await writeFile(embeddedLockFile(databaseDir), `${endedPid()}\n`);
  expect(await embeddedDatabaseHolder(databaseDir)).toBeUndefined();
  await lockEmbeddedDatabase(databaseDir);
  expect(await readFile(embeddedLockFile(databaseDir), "utf8")).toBe(`${process.pid}\n`);
});
