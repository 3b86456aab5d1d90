import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "#server/cli.ts";
import { loadConfig } from "#server/config.ts";
import { codeSchema } from "#server/db/code-schema.ts";
import { createPglite } from "#server/db/create-pglite.ts";
import { configuredStorage } from "#server/lib/configured-storage.ts";
import { secretFingerprint } from "#server/lib/secret-box.ts";
import { startConfiguredApp } from "#server/test/configured-app.ts";
import { dataDirWithEmptyDatabase, embeddedTables } from "#server/test/embedded-template.ts";
import { createPost, registerMember } from "#server/test/factories.ts";
import { migrationSteps } from "#server/test/migration-steps.ts";
import { type S3TestServer, startS3Server } from "#server/test/s3-server.ts";
import { runTagit } from "#server/test/tagit-cli.ts";
import { TEST_APP_SECRET, TEST_PUBLIC_URL } from "#server/test/test-app.ts";
import { MANIFEST_ENTRY, type Manifest } from "./archive-format.ts";
import { backupCommand } from "./backup-command.ts";
import { pgliteSnapshot } from "./pglite-snapshot.ts";
import { silentProgress } from "./progress.ts";
import { restoreCommand } from "./restore-command.ts";
import { writeBackup } from "./write-backup.ts";

const ENV = { APP_SECRET: TEST_APP_SECRET, PAYMENTS_TEST_MODE: "true" };
const configFor = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: "test", PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: "warn", ...ENV, ...env });

let root: string;
let s3: S3TestServer;
/** A small community's archive: two members, a post (three files). */
let archive: string;
let archiveFiles: string[];

const newDirectory = (name: string) => mkdtemp(path.join(root, `${name}-`));
const restore = (env: Record<string, string>, file = archive, acceptUnreadableSecrets = false) =>
  restoreCommand(configFor(env), file, { acceptUnreadableSecrets }, silentProgress);

/** What a restore target holds: the embedded database's tables and the uploads, by name. */
async function contentsOf(dataDir: string) {
  return {
    tables: await embeddedTables(dataDir),
    uploads: (await readdir(path.join(dataDir, "uploads")).catch(() => [])).sort(),
  };
}

const EMPTY = { tables: [], uploads: [] };
/** A target as a first start leaves it: an embedded database with no table, no uploads. */
const newTarget = () => dataDirWithEmptyDatabase(root);

/** The archive with each entry passed through `change` (answer undefined to leave an entry out). */
async function rewritten(change: (name: string, bytes: Buffer) => Buffer | undefined): Promise<string> {
  const file = path.join(await newDirectory("rewritten"), "tagit.tar");
  const extract = tar.extract();
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(file));
  createReadStream(archive).pipe(extract);
  for await (const entry of extract) {
    const bytes = change(entry.header.name, await buffer(entry));
    if (bytes) pack.entry({ ...entry.header, size: bytes.length }, bytes);
  }
  pack.finalize();
  await written;
  return file;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "tagit-restore-"));
  s3 = await startS3Server();
  const env = { ...ENV, DATA_DIR: await dataDirWithEmptyDatabase(root) };
  const source = await startConfiguredApp(env);
  const ada = await registerMember(source);
  await registerMember(source);
  await createPost(source, ada, "Analytical Engine");
  await source.close();
  archive = path.join(root, "tagit.tar");
  await backupCommand(configFor(env), archive, silentProgress);
  archiveFiles = (await readdir(path.join(env.DATA_DIR, "uploads"))).sort();
}, 60_000);
afterAll(async () => {
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});

describe("tagit restore refuses, and leaves the target as it was", () => {
  it("a file that is missing (in one line, exit code 1, as an operator runs it) or not a backup", async () => {
    const dataDir = await newTarget();
    const missing = await runTagit(["restore", path.join(root, "nothing.tar")], {
      ...ENV,
      DATA_DIR: dataDir,
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split("\n")).toEqual([
      `tagit: Cannot read ${path.join(root, "nothing.tar")}: no such file`,
    ]);

    const garbage = path.join(root, "garbage.tar");
    await writeFile(garbage, "this is not an archive\n".repeat(100));
    await expect(restore({ DATA_DIR: dataDir }, garbage)).rejects.toThrow(
      `${garbage} is not a Tagit backup (it does not start with ${MANIFEST_ENTRY})`,
    );
    expect(await contentsOf(dataDir)).toEqual(EMPTY);
    await expect(runCli(["restore"], { env: { ...ENV, DATA_DIR: dataDir } })).rejects.toThrow(
      "restore takes one FILE",
    );
  }, 60_000);

  it("a database that is not empty, naming what it holds", async () => {
    const dataDir = await newTarget();
    await restore({ DATA_DIR: dataDir });
    const before = await contentsOf(dataDir);
    await expect(restore({ DATA_DIR: dataDir })).rejects.toThrow(
      /^The embedded database in .* is not empty: it holds \d+ table\(s\) \(drizzle\.__drizzle_migrations, public\.\w+, public\.\w+, …\)\. Restore into a new, empty database\.$/,
    );
    expect(await contentsOf(dataDir)).toEqual(before);
  }, 60_000);

  it("a file store that is not empty, on disk and in S3", async () => {
    const dataDir = await newTarget();
    await mkdir(path.join(dataDir, "uploads"));
    const stray = `${"a".repeat(32)}.jpg`;
    await writeFile(path.join(dataDir, "uploads", stray), "not ours to lose");
    await expect(restore({ DATA_DIR: dataDir })).rejects.toThrow(
      `${path.join(dataDir, "uploads")} is not empty: it holds ${stray} (and maybe more). Restore into an empty file store.`,
    );
    expect(await contentsOf(dataDir)).toEqual({ tables: [], uploads: [stray] });

    const s3Env = {
      DATA_DIR: await newTarget(),
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_REGION: s3.settings.region,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    };
    const { storage } = configuredStorage(configFor(s3Env));
    await storage.write(stray, Buffer.from("not ours to lose"));
    await expect(restore(s3Env)).rejects.toThrow(`The S3 bucket ${s3.settings.bucket} is not empty`);
    expect(await s3.objects()).toEqual([`private/${stray}`]);
    expect(await contentsOf(s3Env.DATA_DIR)).toEqual(EMPTY);
    await storage.remove([stray]);
    await storage.close();
  }, 60_000);

  it("an archive sealed under another APP_SECRET, unless told the sealed values will not open", async () => {
    const dataDir = await newTarget();
    const otherSecret = { DATA_DIR: dataDir, APP_SECRET: "another-secret-another-secret-another-0" };
    await expect(restore(otherSecret)).rejects.toThrow(
      `sealed under another APP_SECRET (fingerprint ${secretFingerprint(TEST_APP_SECRET)}; this one is ${secretFingerprint(otherSecret.APP_SECRET)})`,
    );
    expect(await contentsOf(dataDir)).toEqual(EMPTY);
    await restore(otherSecret, archive, true);
    expect((await contentsOf(dataDir)).uploads).toEqual(archiveFiles);
  }, 60_000);

  it("an altered or truncated archive, after which the target is empty again", async () => {
    const altered = await rewritten((name, bytes) => {
      if (!name.startsWith("uploads/")) return bytes;
      const changed = Buffer.from(bytes);
      changed[changed.length - 1] = (changed.at(-1) ?? 0) ^ 1;
      return changed;
    });
    const truncated = path.join(await newDirectory("truncated"), "tagit.tar");
    await writeFile(truncated, await readFile(archive));
    await truncate(truncated, Math.floor((await stat(archive)).size * 0.6));
    // Cut inside a file's bytes: the archive ends in the middle of an entry's body, not between entries.
    const cutInEntry = path.join(await newDirectory("cut-in-entry"), "tagit.tar");
    const whole = await readFile(archive);
    await writeFile(cutInEntry, whole.subarray(0, whole.indexOf("uploads/") + 512 + 100));
    const withoutChecksums = await rewritten((name, bytes) => (name === "SHA256SUMS" ? undefined : bytes));

    for (const [file, why] of [
      [altered, /uploads\/\w+.* does not match its checksum/],
      [truncated, /is not a whole Tagit backup/],
      [cutInEntry, /is not a whole Tagit backup/],
      [withoutChecksums, /it ends before SHA256SUMS/],
    ] as const) {
      const dataDir = await newTarget();
      await expect(restore({ DATA_DIR: dataDir }, file)).rejects.toThrow(why);
      expect(await contentsOf(dataDir)).toEqual(EMPTY);
    }
    // A database the restore created is removed again.
    const fresh = await newDirectory("target");
    await expect(restore({ DATA_DIR: fresh }, truncated)).rejects.toThrow(/is not a whole Tagit backup/);
    expect(await readdir(fresh)).not.toContain("db");
  }, 90_000);

  it("an archive from a newer Tagit, before touching anything", async () => {
    const newer = await rewritten((name, bytes) => {
      if (name !== MANIFEST_ENTRY) return bytes;
      const manifest = JSON.parse(bytes.toString()) as Manifest;
      const future = { migration: "0099_from_the_future", when: manifest.schema.when + 1, applied: 99 };
      return Buffer.from(JSON.stringify({ ...manifest, tagitVersion: "9.0.0", schema: future }));
    });
    const dataDir = await newTarget();
    await expect(restore({ DATA_DIR: dataDir }, newer)).rejects.toThrow(
      `The archive comes from a newer Tagit (9.0.0, schema 0099_from_the_future); this Tagit knows schemas up to ${codeSchema().last.tag}. Restore it with Tagit 9.0.0 or later.`,
    );
    expect(await contentsOf(dataDir)).toEqual(EMPTY);
  });
});

describe("tagit restore of an archive from an older schema", () => {
  it("restores it as it was, then migrates it forward", async () => {
    const { migrations } = codeSchema();
    const older = migrationSteps();
    await older.before(migrations.length - 1);
    await older.client.query(
      `insert into profiles (id, email, first_name, last_name, password_hash) values (gen_random_uuid(), 'old@example.com', 'Old', 'Timer', 'x')`,
    );
    const file = path.join(await newDirectory("older"), "tagit.tar");
    const storage = configuredStorage({ dataDir: await newDirectory("older-files"), s3: undefined });
    const info = {
      tagitVersion: "0.0.9",
      migrations: [...migrations],
      secretFingerprint: secretFingerprint(TEST_APP_SECRET),
      now: new Date(),
    };
    const written = await writeBackup(
      { snapshot: pgliteSnapshot(older.client), storage: storage.storage, storageKind: "disk" },
      info,
      file,
      silentProgress,
    );
    expect(written.manifest.schema.migration).toBe(migrations.at(-2)?.tag);

    const dataDir = await newTarget();
    await restore({ DATA_DIR: dataDir }, file);
    const restored = await createPglite(path.join(dataDir, "db"));
    const applied = await restored.query<{ count: number }>(
      "select count(*)::int as count from drizzle.__drizzle_migrations",
    );
    expect(applied.rows[0]?.count).toBe(migrations.length);
    expect((await restored.query("select email from profiles")).rows).toEqual([{ email: "old@example.com" }]);
    await restored.close();
  }, 60_000);
});
