import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { archiveNameAt, keepNewest } from "./scheduled-backups.ts";

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "tagit-backups-"));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

it("names an archive by its UTC second, so names sort by time", () => {
  expect(archiveNameAt(new Date("2026-12-06T03:04:05.678Z"))).toBe("tagit-2026-12-06T03-04-05Z.tar");
  const names = ["2026-12-06T10:00:00Z", "2026-11-30T23:59:59Z", "2026-12-06T09:59:59Z"].map((at) =>
    archiveNameAt(new Date(at)),
  );
  expect([...names].sort()).toEqual([names[1], names[2], names[0]]);
});

it("keeps the newest archives and deletes the older ones, never another file", async () => {
  const days = [1, 2, 3, 4, 5].map((day) => archiveNameAt(new Date(Date.UTC(2026, 11, day, 3))));
  const others = ["notes.txt", "tagit-manual.tar", "tagit-2026-12-01T03-00-00Z.tar.partial"];
  for (const name of [...days, ...others]) await writeFile(path.join(directory, name), name);

  expect(await keepNewest(directory, 2)).toEqual(days.slice(0, 3));
  expect((await readdir(directory)).sort()).toEqual([...days.slice(3), ...others].sort());
  expect(await keepNewest(directory, 2)).toEqual([]);
});
