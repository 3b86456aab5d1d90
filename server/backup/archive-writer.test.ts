import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { promisify } from "node:util";
import tar from "tar-stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checksumLines } from "./archive-format.ts";
import { openArchiveWriter } from "./archive-writer.ts";

const run = promisify(execFile);
/** Compared by digest: a deep comparison of megabytes takes the test runner seconds. */
const digest = (bytes: Buffer | undefined) => bytes && createHash("sha256").update(bytes).digest("hex");

async function* pieces(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe("the archive writer", () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "tagit-archive-"));
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  const mtime = new Date(Math.floor(Date.now() / 1000) * 1000);
  // Sizes on both sides of a tar block and of the writer's buffer, and an empty file.
  const entries = [
    { name: "manifest.json", bytes: Buffer.from('{"format":1}\n') },
    { name: "database/profiles/000001.copy", bytes: randomBytes(512) },
    { name: "uploads/a.jpg", bytes: randomBytes(1024 * 1024 + 1) },
    { name: "uploads/empty.png", bytes: Buffer.alloc(0) },
    { name: "uploads/empty.webp", bytes: Buffer.alloc(0) },
    { name: "uploads/b.webp", bytes: randomBytes(3 * 1024 * 1024 - 7) },
  ];

  async function writeArchive() {
    const file = path.join(directory, "backup.tar");
    const archive = await openArchiveWriter(file, { mode: 0o600, mtime });
    // Entries given whole, streamed in odd pieces, and read from a file on disk.
    for (const [index, entry] of entries.entries()) {
      const size = entry.bytes.length;
      let body: Parameters<typeof archive.add>[1] = { chunks: pieces(entry.bytes, 64 * 1024 + 3), size };
      if (index % 2 === 0) body = entry.bytes;
      if (index === entries.length - 1) {
        const file = path.join(directory, "on-disk");
        await writeFile(file, entry.bytes);
        body = { file, size };
      }
      await archive.add(entry.name, body);
    }
    await archive.add("SHA256SUMS", Buffer.from(checksumLines(await archive.checksums())));
    await archive.finish();
    return file;
  }

  it("writes a tar that GNU tar extracts and sha256sum checks, as the operating guide says", async () => {
    const file = await writeArchive();
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const out = path.join(directory, "out");
    await run("mkdir", [out]);
    await run("tar", ["-xf", file, "-C", out]);
    for (const entry of entries)
      expect(digest(await readFile(path.join(out, entry.name)))).toBe(digest(entry.bytes));
    const { stdout } = await run("sha256sum", ["-c", "SHA256SUMS"], { cwd: out });
    expect(stdout.trim().split("\n")).toHaveLength(entries.length);
    const { stdout: listing } = await run("tar", ["-tvf", file]);
    expect(listing).toContain("-rw------- 0/0");
  });

  it("writes entries the restore's tar reader reads back whole, with their times", async () => {
    const file = await writeArchive();
    const extract = tar.extract();
    createReadStream(file).pipe(extract);
    const read: { name: string; bytes: Buffer }[] = [];
    for await (const entry of extract) {
      expect(entry.header.mtime).toEqual(mtime);
      read.push({ name: entry.header.name, bytes: await buffer(entry) });
    }
    expect(read.map((entry) => entry.name)).toEqual([...entries.map((entry) => entry.name), "SHA256SUMS"]);
    for (const [index, entry] of entries.entries())
      expect(digest(read[index]?.bytes)).toBe(digest(entry.bytes));
  });

  it("fails an entry whose stream is not the size it was said to be", async () => {
    const file = path.join(directory, "short.tar");
    const archive = await openArchiveWriter(file, { mode: 0o600, mtime });
    const bytes = randomBytes(1000);
    await expect(
      archive.add("uploads/short.jpg", { chunks: pieces(bytes, 100), size: 1001 }),
    ).rejects.toThrow("uploads/short.jpg changed size while it was read (1001 bytes, then 1000)");
    await expect(archive.add("uploads/long.jpg", { chunks: pieces(bytes, 100), size: 999 })).rejects.toThrow(
      "changed size",
    );
    // A file read from disk that is longer than said: the reader stops early and closes the file.
    const onDisk = path.join(directory, "grown");
    await writeFile(onDisk, randomBytes(3 * 1024 * 1024));
    await expect(archive.add("uploads/grown.jpg", { file: onDisk, size: 1024 * 1024 })).rejects.toThrow(
      "changed size",
    );
    await archive.close();
  });

  it("refuses a name longer than a tar header holds", async () => {
    const archive = await openArchiveWriter(path.join(directory, "long.tar"), { mode: 0o600, mtime });
    await expect(archive.add(`uploads/${"x".repeat(100)}`, Buffer.from("x"))).rejects.toThrow("too long");
    await archive.close();
  });
});
