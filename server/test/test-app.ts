import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyPluginAsync } from "fastify";
import { onTestFinished } from "vitest";
import { buildApp } from "#server/app.ts";
import { type Config, loadConfig } from "#server/config.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { type Clock, systemClock } from "#server/lib/clock.ts";
import type { ProcessingQueue } from "#server/lib/processing-queue.ts";
import { checkAnswersAgainstDocument } from "./api-document-check.ts";
import { truncateAll } from "./reset-database.ts";
import { workerDatabase } from "./worker-database.ts";

export const TEST_PUBLIC_URL = "http://localhost:3000";
export const TEST_APP_SECRET = "test-secret-test-secret-test-secret-0123";

/** A clock tests move by hand. */
export function manualClock(start = new Date("2026-01-15T12:00:00Z")) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}

type TestAppOptions = {
  config?: Partial<Config>;
  clock?: Clock;
  allowErrorLogs?: boolean;
  /** Routes registered after the app's own, as a new module would add them (tests of boot-time checks). */
  extraRoutes?: FastifyPluginAsync;
  /** The image processing queue (tests of back-pressure fill a small one). */
  imageQueue?: ProcessingQueue;
  /** Level of the app's logger; every line written is kept in `logs` (tests of what reaches the logs). */
  logLevel?: string;
  /** A built web app to serve (tests of static serving); none by default. */
  webRoot?: string;
};

/**
 * A fresh app on a clean, migrated, seeded database (the worker's database, emptied), with its own
 * DATA_DIR for the outbox and uploads. Closed after the test. A logged server error fails the test, and so does
 * an `inject` answer that is not as the app's OpenAPI document says (status and body).
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = await workerDatabase();
  await truncateAll(database.db);
  await seedDefaults(database.db);
  const dataDir = await mkdtemp(path.join(tmpdir(), "tagit-test-"));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_PUBLIC_URL,
      APP_SECRET: TEST_APP_SECRET,
      LOG_LEVEL: "warn",
      // One visitor's activity is released alone, unless a test is about small numbers.
      ANONYMOUS_MIN_VISITORS: "1",
    }),
    ...options.config,
  };
  const errorLogs: string[] = [];
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      const line = chunk.toString();
      logs.push(line);
      if (JSON.parse(line).level >= 50) errorLogs.push(line);
      done();
    },
  });
  // Which routes an app serves depends on its payment provider and on routes a test adds.
  const routesKey = options.extraRoutes
    ? undefined
    : JSON.stringify({ stripe: Boolean(config.stripe), testPayments: config.paymentsTestMode });
  const start = async () => {
    const app = await buildApp({
      config,
      database: { ...database, close: async () => {} },
      clock: options.clock,
      imageQueue: options.imageQueue,
      logger: { level: options.logLevel ?? "warn", stream: logStream },
      webRoot: options.webRoot ?? path.join(dataDir, "no-web-build"),
    });
    checkAnswersAgainstDocument(app, routesKey);
    return app;
  };
  const app = await start();
  if (options.extraRoutes) await app.register(options.extraRoutes);
  onTestFinished(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    if (!options.allowErrorLogs && errorLogs.length > 0) {
      throw new Error(`The server logged errors during this test:\n${errorLogs.join("\n")}`);
    }
  });
  await app.ready();

  /** E-mails written to the outbox so far (after background work has finished), oldest first. */
  async function outbox() {
    await app.background.drain();
    const dir = path.join(dataDir, "outbox");
    const files = (await readdir(dir).catch(() => [] as string[])).sort();
    return Promise.all(files.map((file) => readFile(path.join(dir, file), "utf8")));
  }

  /** A second instance of the app on the same database and files, as behind a load balancer. */
  async function peer() {
    const other = await start();
    onTestFinished(() => other.close());
    await other.ready();
    return other;
  }

  return { app, config, db: database.db, dataDir, outbox, logs, peer, clock: options.clock ?? systemClock };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
