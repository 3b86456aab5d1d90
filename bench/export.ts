// Data export benchmark (decision 048): a member with 1,000 posts of ~2 MB images downloads their data
// (GET /api/profile/export) over HTTP from the app built and started as `npm run start:prod` runs it (its Node
// flags included); the app's peak resident memory
// during the export (VmHWM, reset just before it) beside the same process idle, and beside a bare node:http +
// yazl server streaming the same files into a zip (export-bare-server.ts). Goal: the app's peak under 300 MB.
// The images are one real PNG made with sharp, stored under 1,000 names (hard links: each upload row has its own
// file name, the disk holds the bytes once; the app reads every file in full all the same).
//   npm run bench:export                                  (PGlite, the embedded default, in a temporary dir)
//   npm run bench:export -- --url postgres://postgres@127.0.0.1:5432/tagit_bench_export   (recreated)
//   npm run bench:export -- --posts 200
import { createWriteStream, readFileSync, writeFileSync } from "node:fs";
import { link, mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { openPromise } from "yauzl";
import { openDatabase } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { profiles, taggedPosts, uploads } from "#server/db/schema/index.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { hashPassword } from "#server/lib/passwords.ts";
import { newBaseName } from "#server/lib/storage.ts";
import { photoPixels } from "./generate-images.ts";
import { recreateDatabase, startProductionServer, startServer, stopServer } from "./servers.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    posts: { type: "string", default: "1000" },
  },
});
const POSTS = Number(values.posts);
const EMAIL = "exporter@bench.example";
const PASSWORD = "bench-password";
const GOAL_MIB = 300;
const mib = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;

/** Resident memory now and its peak since the last reset, in KiB, from /proc (Linux). */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: field("VmRSS"), peak: field("VmHWM") };
}

/** Starts counting the process's peak resident memory afresh (writing 5 to clear_refs resets VmHWM). */
function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/** Samples VmRSS every 10 ms too, in case the kernel does not reset the peak; answers the highest seen. */
function samplePeak(pid: number) {
  let peak = memoryOf(pid).rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 10);
  return () => {
    clearInterval(timer);
    return Math.max(peak, memoryOf(pid).rss);
  };
}

/** A photo-like PNG of about 2 MB (1000×740, as a member's resized upload might be). */
const twoMegabytePhoto = () =>
  sharp(photoPixels(1000, 740, 11), { raw: { width: 1000, height: 740, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();

/** The member, their uploads and posts in the database; one PNG under POSTS file names in DATA_DIR/uploads. */
async function seed(
  dataDir: string,
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string },
) {
  const image = await twoMegabytePhoto();
  const uploadsDir = path.join(dataDir, "uploads");
  await mkdir(uploadsDir, { recursive: true });
  const names = Array.from({ length: POSTS }, () => `${newBaseName()}.png`);
  const [first, ...others] = names;
  await writeFile(path.join(uploadsDir, first as string), image);
  for (const name of others) await link(path.join(uploadsDir, first as string), path.join(uploadsDir, name));

  const handle = await openDatabase(database);
  await runMigrations(handle);
  await seedDefaults(handle.db);
  const [member] = await handle.db
    .insert(profiles)
    .values({
      firstName: "Bench",
      lastName: "Exporter",
      email: EMAIL,
      passwordHash: await hashPassword(PASSWORD),
      emailVerified: true,
    })
    .returning();
  if (!member) throw new Error("no member");
  for (let i = 0; i < names.length; i += 500) {
    const batch = names.slice(i, i + 500);
    await handle.db.insert(uploads).values(
      batch.map((name) => ({
        userId: member.id,
        originalPath: `/uploads/${name}`,
        scrambledPath: `/uploads/${name.replace(".png", "-scrambled.png")}`,
        width: 1000,
        height: 740,
        bytes: image.length,
      })),
    );
    await handle.db.insert(taggedPosts).values(
      batch.map((name, j) => ({
        userId: member.id,
        postName: `Bench export post ${i + j + 1}`,
        originalImage: `/uploads/${name}`,
        scrambledImage: `/uploads/${name.replace(".png", "-scrambled.png")}`,
      })),
    );
  }
  await handle.close();
  return { imageBytes: image.length, uploadsDir };
}

/** Downloads `url` to `file`, sampling the server's memory meanwhile. */
async function download(pid: number, url: string, file: string, headers: Record<string, string> = {}) {
  const idle = memoryOf(pid).rss;
  resetPeak(pid);
  const stopSampling = samplePeak(pid);
  const started = performance.now();
  const res = await fetch(url, { headers });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  await pipeline(Readable.fromWeb(res.body as never), createWriteStream(file));
  const seconds = (performance.now() - started) / 1000;
  const sampled = stopSampling();
  const peak = Math.max(memoryOf(pid).peak, sampled);
  return { idle, peak, seconds, bytes: (await stat(file)).size };
}

/** How many files the archive holds and how many of them are images (read from its central directory). */
async function entriesOf(file: string) {
  const zip = await openPromise(file, { lazyEntries: true });
  let all = 0;
  let images = 0;
  for await (const entry of zip.eachEntry()) {
    all += 1;
    if (entry.fileName.startsWith("images/")) images += 1;
  }
  zip.close();
  return { all, images };
}

const workDir = await mkdtemp(path.join(tmpdir(), "tagit-bench-export-"));
const dataDir = path.join(workDir, "data");
const pgliteDir = path.join(dataDir, "db"); // where the app opens PGlite when DATABASE_URL is unset
const database = values.url
  ? ({ kind: "postgres", url: values.url } as const)
  : ({ kind: "pglite", dataDir: pgliteDir } as const);
if (values.url) await recreateDatabase(values.url);
const { imageBytes, uploadsDir } = await seed(dataDir, database);
console.log(
  `Data export of ${POSTS} posts, one ${(imageBytes / 1e6).toFixed(2)} MB PNG each (${((POSTS * imageBytes) / 1e9).toFixed(2)} GB of images), on ${values.url ? "PostgreSQL" : "PGlite (embedded)"}; Node ${process.version}`,
);

const app = await startProductionServer({
  DATA_DIR: dataDir,
  APP_SECRET: "bench-secret-bench-secret-bench-secret!!",
  PAYMENTS_TEST_MODE: "true",
  ...(values.url ? { DATABASE_URL: values.url } : {}),
});
const bare = await startServer("export-bare-server.ts", { BENCH_EXPORT_DIR: uploadsDir });
try {
  const login = await fetch(`http://127.0.0.1:${app.port}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = /tagit_session=[^;]+/.exec(login.headers.get("set-cookie") ?? "")?.[0];
  if (!cookie) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // let the app settle after sign-in

  const appZip = path.join(workDir, "app.zip");
  const appRun = await download(
    app.child.pid ?? 0,
    `http://127.0.0.1:${app.port}/api/profile/export`,
    appZip,
    {
      cookie,
    },
  );
  const appEntries = await entriesOf(appZip);
  await rm(appZip);
  const bareZip = path.join(workDir, "bare.zip");
  const bareRun = await download(bare.child.pid ?? 0, `http://127.0.0.1:${bare.port}/`, bareZip);
  const bareEntries = await entriesOf(bareZip);
  await rm(bareZip);

  const line = (label: string, run: typeof appRun, entries: { all: number; images: number }) =>
    `${label.padEnd(26)} ${mib(run.idle).padStart(8)} ${mib(run.peak).padStart(9)} ${mib(run.peak - run.idle).padStart(8)}   ${(run.bytes / 1e9).toFixed(2)} GB in ${run.seconds.toFixed(1)} s (${(run.bytes / 1e6 / run.seconds).toFixed(0)} MB/s), ${entries.all} files (${entries.images} images)`;
  console.log(
    `${"".padEnd(26)} ${"idle RSS".padStart(8)} ${"peak RSS".padStart(9)} ${"growth".padStart(8)}   archive`,
  );
  console.log(line("app GET /api/profile/export", appRun, appEntries));
  console.log(line("bare node:http + yazl", bareRun, bareEntries));
  console.log(
    `app peak / bare peak ${(appRun.peak / bareRun.peak).toFixed(2)}×; the export's own growth ${mib(appRun.peak - appRun.idle)} beside the bare server's ${mib(bareRun.peak - bareRun.idle)}; app peak ${mib(appRun.peak)} ${appRun.peak / 1024 < GOAL_MIB ? "under" : "OVER"} the ${GOAL_MIB} MiB goal (the idle app alone: ${mib(appRun.idle)})`,
  );
} finally {
  await stopServer(app.child);
  await stopServer(bare.child);
  await rm(workDir, { recursive: true, force: true });
}
