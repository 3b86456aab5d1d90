// Backup and restore benchmark: `tagit backup FILE` and `tagit restore FILE` (bin/tagit.mjs, as an operator runs
// it from a checkout) on PostgreSQL and files on disk, beside pg_dump / pg_restore of the same database plus tar
// of the same files, in the same run. Each command is a child process of its own, timed here with the `sync` of
// its writes after it, its CPU and peak resident memory read by GNU time (backup-measure.ts). Goal: tagit within
// 1.5× of the baseline's time (command and sync), and its memory flat: the run is made at the full size and at a
// tenth of it, and the peaks are compared.
// The data set: bench/seed.ts (bench-data.ts) with `--members` and `--posts`, and `--images-mb` of
// incompressible uploaded files that the uploads rows name (backup-images.ts; posts share them).
//   npm run bench:backup                              (100,000 members, 1,000,000 posts, 2 GB; then a tenth)
//   npm run bench:backup -- --runs 3                  (every command three times a size; the median run shown)
//   npm run bench:backup -- --members 10000 --posts 100000 --images-mb 200 --scales 1
//   npm run bench:backup -- --url postgres://postgres@127.0.0.1:5432/tagit_bench_backup --dir /var/tmp
// At the full size it needs about 8 GB free in --dir (archives, dumps, restored copies), removed as it goes; the
// databases <name> and <name>_restore are dropped at the end.
import { execFileSync, spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { placeUploadedFiles, UPLOAD_BYTES } from "./backup-images.ts";
import { type Measured, measure, syncDisks } from "./backup-measure.ts";
import { recreateDatabase } from "./servers.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "postgres://postgres@127.0.0.1:5432/tagit_bench_backup" },
    members: { type: "string", default: "100000" },
    posts: { type: "string", default: "1000000" },
    events: { type: "string", default: "0" },
    "images-mb": { type: "string", default: "2000" },
    /** The sizes run, as fractions of the one given: the full size and a tenth show whether memory is flat. */
    scales: { type: "string", default: "1,0.1" },
    dir: { type: "string", default: tmpdir() },
    /** Rounds of every command on one data set; each figure is the median round's. */
    runs: { type: "string", default: "1" },
  },
});
const root = fileURLToPath(new URL("..", import.meta.url));
const TIME_GOAL = 1.5;
/** Memory is flat when ten times the data raises the peak by less than this factor. */
const FLAT_GOAL = 1.2;
const scales = values.scales.split(",").map(Number);
const RUNS = Number(values.runs);
const urlOf = (name: string) => Object.assign(new URL(values.url), { pathname: `/${name}` }).toString();
const sourceName = new URL(values.url).pathname.slice(1);
const sourceUrl = urlOf(sourceName);
const targetUrl = urlOf(`${sourceName}_restore`);

async function dropDatabase(url: string) {
  const admin = Object.assign(new URL(url), { pathname: "/postgres" });
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  await client.end();
}

/** bench/seed.ts in a process of its own, as `npm run bench:seed` runs it. */
function seed(members: number, posts: number, events: number) {
  const args = ["--import", "tsx", path.join(root, "bench/seed.ts"), "--url", sourceUrl];
  args.push("--members", String(members), "--posts", String(posts), "--events", String(events));
  const child = spawn(process.execPath, args, { stdio: ["ignore", "inherit", "inherit"] });
  return new Promise<void>((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`bench/seed.ts exited with ${code}`)),
    ),
  );
}

/** What `tagit` reads: the server's environment, pointed at one database and one data directory. */
const tagitEnv = (databaseUrl: string, dataDir: string) => ({
  APP_SECRET: "bench-secret-bench-secret-bench-secret!!",
  PAYMENTS_TEST_MODE: "true",
  NODE_ENV: "production",
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
});
const tagit = path.join(root, "bin/tagit.mjs");

const sizeOf = async (file: string) => (await stat(file)).size;
const fileCount = async (dir: string) => (await readdir(dir)).length;

async function rowCounts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ posts: string; uploads: string; profiles: string }>(
    `SELECT (SELECT count(*) FROM tagged_posts)::text AS posts, (SELECT count(*) FROM uploads)::text AS uploads,
            (SELECT count(*) FROM profiles)::text AS profiles`,
  );
  await client.end();
  return JSON.stringify(rows[0]);
}

/** The commands measured, as the table names them. */
const TAGIT_HELP = "tagit help (start-up only)";
const TAGIT_BACKUP = "tagit backup";
const DUMP_GZIP = "pg_dump -Fc (gzip, fsync)";
const DUMP_PLAIN = "pg_dump -Fc -Z0 --no-sync";
const TAR_CREATE = "tar -cf uploads/";
const TAGIT_RESTORE = "tagit restore";
const RESTORE_PLAIN = "pg_restore -j 1 (of -Z0)";
const RESTORE_GZIP = "pg_restore -j 1 (of gzip)";
const RESTORE_TWO = "pg_restore -j 2 (of -Z0)";
const TAR_EXTRACT = "tar -xf uploads/";

/** One run of a command: what GNU time saw, the `sync` after it, and the size of what it wrote. */
type Sample = Measured & { syncSeconds: number; output?: number };
/** A command's runs, one a round. */
type Row = { label: string; samples: Sample[] };
type Result = {
  scale: number;
  title: string;
  backup: { tagit: Row; others: Row[]; baseline: Row; startup: Row };
  restore: { tagit: Row; others: Row[]; baseline: Row };
};

const total = (sample: Sample) => sample.seconds + sample.syncSeconds;
/** The run of median time (command and sync); its peak is the highest of every run. */
function median(row: Row): Sample {
  const sorted = [...row.samples].sort((a, b) => total(a) - total(b));
  const middle = sorted[Math.floor((sorted.length - 1) / 2)] as Sample;
  return { ...middle, peakMb: Math.max(...row.samples.map((sample) => sample.peakMb)) };
}

/** The baseline of two commands run one after the other, round by round: times add up, the peak is the larger. */
const combined = (label: string, a: Row, b: Row): Row => ({
  label,
  samples: a.samples.map((x, i) => {
    const y = b.samples[i] as Sample;
    return {
      seconds: x.seconds + y.seconds,
      syncSeconds: x.syncSeconds + y.syncSeconds,
      cpuSeconds: x.cpuSeconds + y.cpuSeconds,
      peakMb: Math.max(x.peakMb, y.peakMb),
      stages: [],
      output: x.output !== undefined && y.output !== undefined ? x.output + y.output : undefined,
    };
  }),
});

/** Builds the data set at `scale` of the size asked, measures every command on it `runs` times, removes it. */
async function runAt(scale: number): Promise<Result> {
  const members = Math.round(Number(values.members) * scale);
  const posts = Math.round(Number(values.posts) * scale);
  const events = Math.round(Number(values.events) * scale);
  const uploads = Math.max(1, Math.round((Number(values["images-mb"]) * 1e6 * scale) / UPLOAD_BYTES));
  if (members <= 1000)
    throw new Error(`bench-data.ts needs more than 1,000 members (each blocker blocks 1,000)`);
  const work = await mkdtemp(path.join(values.dir, "tagit-bench-backup-"));
  try {
    console.log(`\n== ${members} members, ${posts} posts, ${uploads} uploads (scale ${scale}) in ${work}`);
    await seed(members, posts, events);
    const dataDir = path.join(work, "data");
    const client = new pg.Client({ connectionString: sourceUrl });
    await client.connect();
    const { files, bytes } = await placeUploadedFiles(client, path.join(dataDir, "uploads"), uploads);
    const size = (
      await client.query<{ size: string }>("SELECT pg_database_size(current_database())::text AS size")
    ).rows[0]?.size;
    await client.end();
    const sourceCounts = await rowCounts(sourceUrl);
    const title = `${members.toLocaleString("en")} members, ${posts.toLocaleString("en")} posts, ${events.toLocaleString("en")} events, ${files.toLocaleString("en")} files (${(bytes / 1e9).toFixed(2)} GB of images); database ${(Number(size) / 1e9).toFixed(2)} GB on disk; median of ${RUNS} run(s)`;

    const rows = new Map<string, Row>();
    /** One command measured after every earlier write reached the disk, then the `sync` of its own writes. */
    const run = async (
      label: string,
      command: string,
      args: string[],
      env: Record<string, string> = {},
      output?: string,
    ) => {
      syncDisks();
      process.stdout.write(`  ${label} (load average ${loadavg()[0]?.toFixed(1)}) … `);
      const measured = await measure(command, args, env);
      const synced = performance.now();
      syncDisks();
      const sample = {
        ...measured,
        syncSeconds: (performance.now() - synced) / 1000,
        output: output ? await sizeOf(output) : undefined,
      };
      console.log(
        `${measured.seconds.toFixed(1)} s + ${sample.syncSeconds.toFixed(1)} s sync, ${measured.peakMb.toFixed(0)} MB peak`,
      );
      const row = rows.get(label) ?? { label, samples: [] };
      row.samples.push(sample);
      rows.set(label, row);
    };
    const archive = path.join(work, "tagit.tar");
    const gzipDump = path.join(work, "dump.pgc");
    const plainDump = path.join(work, "dump-z0.pgc");
    const filesTar = path.join(work, "uploads.tar");
    const restoredDir = path.join(work, "restored");
    /** Each restore goes into a new empty database, checked against the source after. */
    const pgRestore = async (label: string, dump: string, jobs: number) => {
      await recreateDatabase(targetUrl);
      await run(label, "pg_restore", ["-j", String(jobs), "-d", targetUrl, dump]);
      const counts = await rowCounts(targetUrl);
      if (counts !== sourceCounts) throw new Error(`${label}: ${counts}, not ${sourceCounts}`);
    };

    for (let round = 1; round <= RUNS; round++) {
      if (RUNS > 1) console.log(`  round ${round} of ${RUNS}`);
      // Backups: tagit first, so a cache warmed by the others favours the baseline rather than tagit.
      await run(TAGIT_HELP, process.execPath, [tagit, "help"]);
      await run(
        TAGIT_BACKUP,
        process.execPath,
        [tagit, "backup", archive],
        tagitEnv(sourceUrl, dataDir),
        archive,
      );
      await run(DUMP_GZIP, "pg_dump", ["-Fc", "-f", gzipDump, "-d", sourceUrl], {}, gzipDump);
      await run(
        DUMP_PLAIN,
        "pg_dump",
        ["-Fc", "-Z0", "--no-sync", "-f", plainDump, "-d", sourceUrl],
        {},
        plainDump,
      );
      await run(TAR_CREATE, "tar", ["-cf", filesTar, "-C", dataDir, "uploads"], {}, filesTar);

      // Restores, each into a new empty database (and a new empty data directory).
      await recreateDatabase(targetUrl);
      await run(
        TAGIT_RESTORE,
        process.execPath,
        [tagit, "restore", archive],
        tagitEnv(targetUrl, restoredDir),
      );
      const restoredFiles = await fileCount(path.join(restoredDir, "uploads"));
      const restoredCounts = await rowCounts(targetUrl);
      if (restoredFiles !== files || restoredCounts !== sourceCounts)
        throw new Error(
          `tagit restore: ${restoredFiles} files and ${restoredCounts}, not ${files} and ${sourceCounts}`,
        );
      await rm(restoredDir, { recursive: true, force: true });
      await pgRestore(RESTORE_PLAIN, plainDump, 1);
      await pgRestore(RESTORE_GZIP, gzipDump, 1);
      await pgRestore(RESTORE_TWO, plainDump, 2);
      await mkdir(restoredDir);
      await run(TAR_EXTRACT, "tar", ["-xf", filesTar, "-C", restoredDir]);
      if ((await fileCount(path.join(restoredDir, "uploads"))) !== files)
        throw new Error("tar -xf: files missing");
      await rm(restoredDir, { recursive: true, force: true });
    }

    const row = (label: string) => rows.get(label) as Row;
    return {
      scale,
      title,
      backup: {
        tagit: row(TAGIT_BACKUP),
        others: [row(DUMP_GZIP), row(DUMP_PLAIN), row(TAR_CREATE)],
        baseline: combined("baseline: pg_dump -Fc -Z0 + tar -cf", row(DUMP_PLAIN), row(TAR_CREATE)),
        startup: row(TAGIT_HELP),
      },
      restore: {
        tagit: row(TAGIT_RESTORE),
        others: [row(RESTORE_PLAIN), row(RESTORE_GZIP), row(RESTORE_TWO), row(TAR_EXTRACT)],
        baseline: combined("baseline: pg_restore -j 1 + tar -xf", row(RESTORE_PLAIN), row(TAR_EXTRACT)),
      },
    };
  } finally {
    await dropDatabase(targetUrl);
    await dropDatabase(sourceUrl);
    await rm(work, { recursive: true, force: true });
  }
}

const gb = (bytes?: number) => (bytes === undefined ? "" : `${(bytes / 1e9).toFixed(2)} GB`);

function printResult({ title, backup, restore }: Result) {
  console.log(`\n${title}`);
  console.log(
    `${"operation".padEnd(38)} ${"seconds".padStart(7)} ${"+ sync".padStart(7)} ${"CPU s".padStart(6)} ${"peak RSS MB".padStart(11)} ${"output".padStart(8)} ${"time × base".padStart(11)} ${"RSS × base".padStart(10)}`,
  );
  const line = (row: Row, baseline: Row) => {
    const run = median(row);
    const base = median(baseline);
    console.log(
      `${row.label.padEnd(38)} ${run.seconds.toFixed(1).padStart(7)} ${run.syncSeconds.toFixed(1).padStart(7)} ${run.cpuSeconds.toFixed(1).padStart(6)} ${run.peakMb.toFixed(0).padStart(11)} ${gb(run.output).padStart(8)} ${`${(total(run) / total(base)).toFixed(2)}×`.padStart(11)} ${`${(run.peakMb / base.peakMb).toFixed(1)}×`.padStart(10)}`,
    );
  };
  for (const part of [backup, restore]) {
    line(part.tagit, part.baseline);
    for (const row of part.others) line(row, part.baseline);
    line(part.baseline, part.baseline);
  }
  line(backup.startup, backup.baseline);
  for (const [name, row] of [
    ["backup", backup.tagit],
    ["restore", restore.tagit],
  ] as const) {
    console.log(`tagit ${name}, by stage (its lines on standard error), median run:`);
    for (const stage of median(row).stages)
      console.log(`  ${stage.seconds.toFixed(1).padStart(7)} s  ${stage.line.slice(0, 100)}`);
  }
}

console.log(
  `bench:backup on ${execFileSync("pg_dump", ["--version"]).toString().trim()}, Node ${process.version}, PostgreSQL at ${new URL(values.url).host}`,
);
console.log(
  "The baseline is the uncompressed dump (-Z0) without its fsync, beside the tar of the files, each followed by a" +
    " timed sync: tagit's archive is not compressed and syncs itself, so that is the same work; pg_dump's default" +
    " (gzip, then fsync) is shown too.",
);
const results: Result[] = [];
for (const scale of scales) {
  const result = await runAt(scale);
  results.push(result);
  printResult(result);
}

console.log("\nSummary");
for (const result of results) printResult(result);
const [full] = results;
if (full) {
  const ratio = (part: Result["backup"] | Result["restore"], sync: boolean) => {
    const run = median(part.tagit);
    const base = median(part.baseline);
    return sync ? total(run) / total(base) : run.seconds / base.seconds;
  };
  const backupRatio = ratio(full.backup, true);
  const restoreRatio = ratio(full.restore, true);
  console.log(
    `\ntime at scale ${full.scale}, each command and the sync of its writes: backup ${backupRatio.toFixed(2)}×, restore ${restoreRatio.toFixed(2)}× the baseline (the commands alone: ${ratio(full.backup, false).toFixed(2)}×, ${ratio(full.restore, false).toFixed(2)}×); goal ≤ ${TIME_GOAL}×: ${backupRatio <= TIME_GOAL && restoreRatio <= TIME_GOAL ? "met" : "MISSED"}`,
  );
}
if (results.length > 1) {
  console.log(
    `\npeak RSS MB by scale   ${results.map((r) => `${r.scale}`.padStart(8)).join(" ")}   largest / smallest`,
  );
  const flat: boolean[] = [];
  for (const [label, pick] of [
    ["tagit backup", (r: Result) => r.backup.tagit],
    ["tagit restore", (r: Result) => r.restore.tagit],
    ["tagit help (start-up)", (r: Result) => r.backup.startup],
    ["pg_dump -Fc -Z0", (r: Result) => r.backup.others[1]],
    ["pg_restore -j 1", (r: Result) => r.restore.others[0]],
  ] as const) {
    const peaks = results.map((r) => {
      const row = pick(r);
      return row ? median(row).peakMb : 0;
    });
    const growth = (peaks[0] ?? 0) / (peaks.at(-1) ?? 1);
    if (label.startsWith("tagit ") && !label.includes("help")) flat.push(growth < FLAT_GOAL);
    console.log(
      `${label.padEnd(22)} ${peaks.map((peak) => peak.toFixed(0).padStart(8)).join(" ")}   ${growth.toFixed(2)}×`,
    );
  }
  const aboveStartup = (pick: (r: Result) => Row) =>
    results
      .map((r) => (median(pick(r)).peakMb - median(r.backup.startup).peakMb).toFixed(0).padStart(8))
      .join(" ");
  console.log(`${"backup above start-up".padEnd(22)} ${aboveStartup((r) => r.backup.tagit)}`);
  console.log(`${"restore above start-up".padEnd(22)} ${aboveStartup((r) => r.restore.tagit)}`);
  console.log(
    `memory flat (the first size's peak under ${FLAT_GOAL}× the last's): ${flat.every(Boolean) ? "met" : "MISSED"}`,
  );
}
