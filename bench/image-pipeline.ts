// Upload pipeline benchmark: the full POST /api/upload-image path (multipart, byte checks, decode, resize,
// metadata strip, re-encode, thumbnail, scramble, storage, database row) beside the same sharp operations
// called bare, plus peak memory for 1 and 4 concurrent uploads, 30 concurrent 12 MP uploads over real HTTP
// (each from its own member, clients in another process) next to the idle app's baseline, and 60 at once,
// beyond the queue's capacity.
//   npm run bench:image-pipeline
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { openAsBlob } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { multipartBody } from "#server/test/images.ts";
import { twelveMegapixelJpeg, twoMegabytePng } from "./generate-images.ts";

const RUNS = 5;
const scenario = process.argv[2];
/** Test images are generated once by the parent process, so children start without the generation's memory. */
const imagesDir = process.env.BENCH_IMAGES_DIR ?? "";
const readImage = (name: "12mp.jpg" | "2mb.png") => readFile(path.join(imagesDir, name));

async function startApp() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "tagit-bench-"));
  const database = await openDatabase({ kind: "pglite" });
  await runMigrations(database);
  await seedDefaults(database.db);
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: "bench-secret-bench-secret-bench-secret!!",
    LOG_LEVEL: "silent",
  });
  const app = await buildApp({ config, database, logger: false, webRoot: path.join(dataDir, "none") });
  const origin = { origin: config.publicUrl };
  const register = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    headers: origin,
    payload: { firstName: "Bench", lastName: "Mark", email: "bench@example.com", password: "bench-password" },
  });
  const cookie = `tagit_session=${register.cookies.find((c) => c.name === "tagit_session")?.value}`;
  let members = 0;
  /** Another member's session cookie (each from its own address, as registration is limited per client). */
  const newMember = async () => {
    members += 1;
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: origin,
      remoteAddress: `10.9.${members >> 8}.${members & 255}`,
      payload: {
        firstName: "Bench",
        lastName: "Member",
        email: `bench-${members}@example.com`,
        password: "bench-password",
      },
    });
    return `tagit_session=${res.cookies.find((c) => c.name === "tagit_session")?.value}`;
  };
  /** Real HTTP: the app listens on a free port. */
  const listen = async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };
  const upload = async (image: Buffer, type: string, as = cookie) => {
    const { payload, contentType } = multipartBody("image", "bench", type, image);
    return app.inject({
      method: "POST",
      url: "/api/upload-image",
      headers: { ...origin, cookie: as, "content-type": contentType },
      payload,
    });
  };
  const close = async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { upload, newMember, listen, close, publicUrl: config.publicUrl };
}

/**
 * The same outputs made with sharp directly (original in the input's format, WebP thumbnail, blurred JPEG):
 * one call per output, no checks, queue, tile shuffle, storage or database.
 */
async function bare(input: Buffer, type: string) {
  const original = sharp(input).rotate().resize(2048, 2048, { fit: "inside", withoutEnlargement: true });
  await Promise.all([
    (type === "image/png"
      ? original.png({ compressionLevel: 6 })
      : original.jpeg({ quality: 88 })
    ).toBuffer(),
    sharp(input)
      .rotate()
      .resize(480, 480, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer(),
    sharp(input).rotate().resize(640, 480, { fit: "inside" }).blur(6).jpeg({ quality: 70 }).toBuffer(),
  ]);
}

async function timeRuns(fn: () => Promise<unknown>) {
  await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
}

function trackPeakRss() {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage.rss());
  };
}

async function speed() {
  const { upload, close } = await startApp();
  const inputs = [
    { label: "12 MP JPEG", data: await readImage("12mp.jpg"), type: "image/jpeg" },
    { label: "2 MB PNG", data: await readImage("2mb.png"), type: "image/png" },
  ];
  console.log(
    `sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, sharp threads ${sharp.concurrency()}`,
  );
  console.log("input        size      pipeline (median ms)  bare sharp (median ms)  ratio");
  for (const input of inputs) {
    const pipeline = await timeRuns(async () => {
      const res = await upload(input.data, input.type);
      if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    });
    const baseline = await timeRuns(() => bare(input.data, input.type));
    console.log(
      `${input.label.padEnd(12)} ${(input.data.length / 1e6).toFixed(1).padStart(5)} MB  ${pipeline.toFixed(0).padStart(10)}            ${baseline.toFixed(0).padStart(10)}            ${(pipeline / baseline).toFixed(2)}×`,
    );
  }
  await close();
}

async function memory(concurrent: number) {
  const { upload, close } = await startApp();
  const image = await readImage("12mp.jpg");
  const idle = process.memoryUsage.rss();
  const stop = trackPeakRss();
  const start = performance.now();
  const results = await Promise.all(Array.from({ length: concurrent }, () => upload(image, "image/jpeg")));
  const elapsed = performance.now() - start;
  const peak = stop();
  const statuses = results.map((r) => r.statusCode).join(",");
  console.log(
    `${String(concurrent).padStart(2)} concurrent 12 MP uploads: peak RSS ${(peak / 1024 / 1024).toFixed(0)} MiB (${(idle / 1024 / 1024).toFixed(0)} MiB before the uploads: app + embedded database), all done in ${elapsed.toFixed(0)} ms (statuses ${statuses})`,
  );
  await close();
}

/**
 * The clients of the HTTP scenario, in their own process (as other machines would be), so the parent's RSS is
 * the app's alone: each member posts the 12 MP JPEG, streamed from disk, all at the same moment.
 */
async function clients() {
  const { url, cookies, publicUrl } = JSON.parse(process.env.BENCH_CLIENTS ?? "{}") as {
    url: string;
    cookies: string[];
    publicUrl: string;
  };
  const file = path.join(imagesDir, "12mp.jpg");
  const statuses = await Promise.all(
    cookies.map(async (cookie) => {
      const form = new FormData();
      form.append("image", await openAsBlob(file, { type: "image/jpeg" }), "bench.jpg");
      const res = await fetch(`${url}/api/upload-image`, {
        method: "POST",
        headers: { origin: publicUrl, cookie },
        body: form,
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  console.log(JSON.stringify(statuses));
}

/** `concurrent` members upload a 12 MP JPEG each at the same moment over HTTP; the idle app's RSS is the baseline. */
async function http(concurrent: number) {
  const { newMember, listen, close, publicUrl } = await startApp();
  const cookies = await Promise.all(Array.from({ length: concurrent }, () => newMember()));
  const url = await listen();
  const baseline = process.memoryUsage.rss();
  const stop = trackPeakRss();
  const start = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "clients"], {
    env: { ...process.env, BENCH_CLIENTS: JSON.stringify({ url, cookies, publicUrl }) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  await once(child, "exit");
  const elapsed = performance.now() - start;
  const peak = stop();
  const statuses = JSON.parse(output) as number[];
  const ok = statuses.filter((s) => s === 201).length;
  const busy = statuses.filter((s) => s === 503).length;
  const others = statuses.filter((s) => s !== 201 && s !== 503);
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
  console.log(
    `${concurrent} concurrent 12 MP uploads over HTTP (${concurrent} members, clients in another process): app baseline RSS ${mib(baseline)} (idle app + embedded database), peak RSS ${mib(peak)} (+${mib(peak - baseline)}), ${peak < 1024 ** 3 ? "under" : "OVER"} 1 GiB; ${ok} processed, ${busy} answered 503 (queue full)${others.length ? `, others ${others.join(",")}` : ""}, in ${elapsed.toFixed(0)} ms`,
  );
  await close();
}

if (scenario === "speed") await speed();
else if (scenario?.startsWith("memory-")) await memory(Number(scenario.slice("memory-".length)));
else if (scenario === "clients") await clients();
else if (scenario?.startsWith("http-")) await http(Number(scenario.slice("http-".length)));
else {
  // Each scenario runs in its own process so peak memory is measured from a clean start.
  const self = fileURLToPath(import.meta.url);
  const dir = await mkdtemp(path.join(tmpdir(), "tagit-bench-images-"));
  await writeFile(path.join(dir, "12mp.jpg"), await twelveMegapixelJpeg());
  await writeFile(path.join(dir, "2mb.png"), await twoMegabytePng());
  for (const name of ["speed", "memory-1", "memory-4", "http-30", "http-60"]) {
    const run = spawnSync(process.execPath, ["--import", "tsx", self, name], {
      stdio: "inherit",
      env: { ...process.env, BENCH_IMAGES_DIR: dir },
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  await rm(dir, { recursive: true, force: true });
}
