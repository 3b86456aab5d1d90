import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "tagit-db-dir-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe("the embedded database's directory", () => {
  it("is created for the app's user only, and an existing one open to others is closed", async () => {
    const fresh = path.join(dataDir, "fresh", "db");
    const existing = path.join(dataDir, "existing");
    await mkdir(existing, { mode: 0o755 });
    expect(await modeOf(existing)).toBe(0o755);

    for (const dir of [fresh, existing]) {
      const database = await openDatabase({ kind: "pglite", dataDir: dir });
      await database.close();
      expect(await modeOf(dir), dir).toBe(0o700);
    }
    // Two databases created (PGlite's initdb, seconds each on a busy machine).
  }, 60_000);
});
