import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { PutObjectCommand, S3Client, type S3ClientConfig } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3TestServer, startS3Server } from "#server/test/s3-server.ts";
import { createLocalStorage } from "./local-storage.ts";
import { createS3Storage, s3ClientConfig } from "./s3-storage.ts";
import type { Storage } from "./storage.ts";

/** One store under test, and a look at what it really holds, past the Storage interface. */
type Backend = { storage: Storage; storedNames: () => Promise<string[]> };

let s3: S3TestServer;
let diskDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  diskDir = await mkdtemp(path.join(tmpdir(), "tagit-storage-"));
});
afterAll(async () => {
  await s3?.close();
  await rm(diskDir, { recursive: true, force: true });
});

const backends: [string, () => Backend][] = [
  [
    "local disk",
    () => ({
      storage: createLocalStorage(diskDir),
      storedNames: () => readdir(diskDir).catch(() => []),
    }),
  ],
  [
    "S3 (s3rver)",
    () => ({
      storage: createS3Storage(s3.settings),
      storedNames: async () => (await s3.objects()).map((key) => key.replace(/^(public|private)\//, "")),
    }),
  ],
];

const readAll = async (storage: Storage, name: string) => {
  const file = await storage.open(name);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream()) chunks.push(chunk as Buffer);
  return { size: file.size, data: Buffer.concat(chunks) };
};

/** A body that sends `before` bytes and then fails, as a client that goes away mid-upload. */
const failingAfter = (before: Buffer) =>
  Readable.from(
    (async function* () {
      yield before;
      throw new Error("the client went away");
    })(),
  );

/** Past the SDK's 5 MiB part size, so S3 takes it as a multipart upload. */
const LARGE = 6 * 1024 * 1024 + 12_345;

describe.each(backends)("storage contract: %s", (_label, make) => {
  let backend: Backend;
  beforeAll(() => {
    backend = make();
    return () => backend.storage.close();
  });

  it("gives random 128-bit base names", () => {
    const { storage } = backend;
    expect(storage.newBaseName()).toMatch(/^[a-f0-9]{32}$/);
    expect(storage.newBaseName()).not.toBe(storage.newBaseName());
  });

  it("reads back exactly the bytes written, whole or streamed, small or past one part", async () => {
    const { storage } = backend;
    const small = randomBytes(200_000);
    const large = randomBytes(LARGE);
    const whole = `${storage.newBaseName()}.jpg`;
    const streamed = `${storage.newBaseName()}-thumb.webp`;
    const big = `${storage.newBaseName()}.png`;
    await storage.write(whole, small);
    await storage.write(streamed, Readable.from([small.subarray(0, 70_000), small.subarray(70_000)]));
    await storage.write(big, Readable.from([large.subarray(0, 3_000_000), large.subarray(3_000_000)]));

    for (const [name, data] of [
      [whole, small],
      [streamed, small],
      [big, large],
    ] as const) {
      const read = await readAll(storage, name);
      expect(read?.size).toBe(data.length);
      // Buffer#equals: a deep equality over six million bytes would take seconds.
      expect(read?.data.equals(data)).toBe(true);
    }
    expect(await backend.storedNames()).toEqual(expect.arrayContaining([whole, streamed, big]));
  });

  it("answers undefined for a name never written and for names that are not its own", async () => {
    const { storage } = backend;
    expect(await storage.open(`${storage.newBaseName()}.jpg`)).toBeUndefined();
    expect(await storage.stat(`${storage.newBaseName()}.jpg`)).toBeUndefined();
    for (const name of ["../secret", "abc.jpg", `${"a".repeat(32)}.svg`, `x/${"a".repeat(32)}.jpg`]) {
      expect(await storage.open(name)).toBeUndefined();
      expect(await storage.stat(name)).toBeUndefined();
    }
  });

  it("gives each file a version (size, strong ETag, time written), the same by stat as by open", async () => {
    const { storage } = backend;
    // The kernel stamps files from its coarse clock, which may trail Date.now() by a tick; at a second's
    // boundary that tick falls in the second before, so a file may read as written up to a second earlier.
    const earliest = Math.floor(Date.now() / 1000) * 1000 - 1000;
    const names = [`${storage.newBaseName()}.jpg`, `${storage.newBaseName()}-scrambled.jpg`];
    for (const name of names) await storage.write(name, randomBytes(3000));

    const etags = new Set<string | undefined>();
    for (const name of names) {
      const version = await storage.stat(name);
      expect(version).toMatchObject({ size: 3000, etag: expect.stringMatching(/^"[^"]+"$/) });
      expect(version?.lastModified.getTime()).toBeGreaterThanOrEqual(earliest);
      expect(version?.lastModified.getTime()).toBeLessThanOrEqual(Date.now());
      const opened = await storage.open(name);
      opened?.stream().resume(); // a body must be read or dropped
      expect(opened && { size: opened.size, etag: opened.etag, lastModified: opened.lastModified }).toEqual(
        version,
      );
      etags.add(version?.etag);
    }
    expect(etags.size).toBe(names.length);
  });

  it("refuses to write or remove a name that is not its own", async () => {
    const { storage } = backend;
    await expect(storage.write("../../etc/passwd", Buffer.from("x"))).rejects.toThrow(
      /not a stored file name/,
    );
    await expect(storage.write(`${"a".repeat(32)}.html`, Buffer.from("x"))).rejects.toThrow(
      /not a stored file name/,
    );
    await expect(storage.remove(["../x.jpg"])).rejects.toThrow(/not a stored file name/);
  });

  it("leaves nothing behind when a streamed write fails, early or after a part was sent", async () => {
    const { storage } = backend;
    const early = `${storage.newBaseName()}.jpg`;
    const late = `${storage.newBaseName()}.jpg`;
    await expect(storage.write(early, failingAfter(randomBytes(1000)))).rejects.toThrow();
    await expect(storage.write(late, failingAfter(randomBytes(LARGE)))).rejects.toThrow();

    expect(await storage.open(early)).toBeUndefined();
    expect(await storage.open(late)).toBeUndefined();
    const names = await backend.storedNames();
    expect(names).not.toContain(early);
    expect(names).not.toContain(late);
  });

  it("names every stored file of its own, past one page of a listing", async () => {
    const { storage } = backend;
    // More than one S3 listing page (1000 keys), public and private.
    const written = Array.from({ length: 1050 }, (_, i) =>
      i % 2 ? `${storage.newBaseName()}-scrambled.jpg` : `${storage.newBaseName()}.png`,
    );
    for (let i = 0; i < written.length; i += 10) {
      await Promise.all(written.slice(i, i + 10).map((name) => storage.write(name, Buffer.from(name))));
    }
    const listed: string[] = [];
    for await (const name of storage.names()) listed.push(name);
    expect(listed).toEqual(expect.arrayContaining(written));
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.sort()).toEqual((await backend.storedNames()).sort());
    await storage.remove(written);
  });

  it("removes many files at once, ignoring names that are not stored", async () => {
    const { storage } = backend;
    const names = Array.from({ length: 3 }, () => `${storage.newBaseName()}-scrambled.jpg`);
    const kept = `${storage.newBaseName()}.jpg`;
    for (const name of [...names, kept]) await storage.write(name, randomBytes(100));
    // More than one S3 DeleteObjects batch (1000 keys), most of them never written.
    const never = Array.from({ length: 1200 }, () => `${storage.newBaseName()}.gif`);

    await storage.remove([...never.slice(0, 600), ...names, ...never.slice(600)]);
    for (const name of names) expect(await storage.open(name)).toBeUndefined();
    expect(await readAll(storage, kept)).toMatchObject({ size: 100 });
    const stored = await backend.storedNames();
    for (const name of names) expect(stored).not.toContain(name);
    await storage.remove([]);
  });
});

describe("S3 storage's public addresses", () => {
  it("names nothing when its directory was never made", async () => {
    const emptyDir = path.join(diskDir, "never-written");
    const names: string[] = [];
    for await (const name of createLocalStorage(emptyDir).names()) names.push(name);
    expect(names).toEqual([]);
  });

  it("has none without S3_PUBLIC_URL; with it, only scrambled copies get one, and it serves their bytes", async () => {
    const name = (suffix: string) => `${"c".repeat(31)}${suffix}`;
    expect(createS3Storage(s3.settings).publicUrl(`${name("1")}-scrambled.jpg`)).toBeUndefined();
    expect(createLocalStorage(diskDir).publicUrl(`${name("1")}-scrambled.jpg`)).toBeUndefined();

    const storage = createS3Storage({ ...s3.settings, publicUrl: s3.bucketUrl });
    const scrambled = `${storage.newBaseName()}-scrambled.jpg`;
    const original = scrambled.replace("-scrambled", "");
    const data = randomBytes(5000);
    await storage.write(scrambled, data);
    await storage.write(original, randomBytes(10));

    expect(storage.publicUrl(original)).toBeUndefined();
    expect(storage.publicUrl(original.replace(".jpg", "-thumb.webp"))).toBeUndefined();
    expect(storage.publicUrl(scrambled)).toBe(`${s3.bucketUrl}/public/${scrambled}`);
    expect(await s3.objects()).toEqual(
      expect.arrayContaining([`public/${scrambled}`, `private/${original}`]),
    );
    const response = await fetch(storage.publicUrl(scrambled) as string);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
    await storage.close();
  });

  it("sends a streamed body as is, where the SDK's default checksum framing would be stored verbatim", async () => {
    const data = randomBytes(100_000);
    const put = async (config: S3ClientConfig, Key: string) => {
      const client = new S3Client(config);
      const Body = Readable.from([data.subarray(0, 40_000), data.subarray(40_000)]);
      await client.send(
        new PutObjectCommand({ Bucket: s3.settings.bucket, Key, Body, ContentLength: data.length }),
      );
      client.destroy();
      return s3.object(Key);
    };
    const ours = s3ClientConfig(s3.settings);
    expect((await put(ours, "checksum/ours")).equals(data)).toBe(true);
    // Why the setting: with the SDK's defaults, s3rver keeps the aws-chunked framing as part of the object.
    const { requestChecksumCalculation: _, ...defaults } = ours;
    const stored = await put(defaults, "checksum/defaults");
    expect(stored.length).toBeGreaterThan(data.length);
    expect(stored.subarray(0, 12).toString("latin1")).toMatch(/^[0-9a-f]+\r\n/);
  });

  it("reports a missing bucket as an error, not as a missing file", async () => {
    const storage = createS3Storage({ ...s3.settings, bucket: "no-such-bucket" });
    await expect(storage.open(`${storage.newBaseName()}.jpg`)).rejects.toThrow(/bucket/i);
    await expect(storage.stat(`${storage.newBaseName()}.jpg`)).rejects.toThrow(/bucket/i);
    await storage.close();
  });
});
