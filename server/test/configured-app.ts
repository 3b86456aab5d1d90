import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { buildApp } from "#server/app.ts";
import { serveSnapshots } from "#server/backup/snapshot-socket.ts";
import { loadConfig } from "#server/config.ts";
import { embeddedDatabaseDirectory } from "#server/db/embedded-lock.ts";
import { openConfiguredDatabase } from "#server/db/open-configured.ts";
import { systemClock } from "#server/lib/clock.ts";
import { TEST_APP_SECRET, TEST_PUBLIC_URL, type TestApp } from "./test-app.ts";

/**
 * Tagit as `server/main.ts` starts it on the environment `env` (its own database and file store, migrated and
 * seeded; on the embedded database, answering snapshot requests for `tagit backup`), in this process, shaped
 * as a TestApp so the factories work on it. `close` stops it as a shutdown does.
 */
export async function startConfiguredApp(env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_PUBLIC_URL,
    APP_SECRET: TEST_APP_SECRET,
    LOG_LEVEL: "warn",
    ...env,
  });
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({
    config,
    database,
    logger: { level: "warn" },
    webRoot: path.join(config.dataDir, "no-web-build"),
  });
  await app.ready();
  const stopServingSnapshots = database.copyFilesTo
    ? await serveSnapshots(database, embeddedDatabaseDirectory(config.dataDir))
    : undefined;

  async function outbox() {
    await app.background.drain();
    const dir = path.join(config.dataDir, "outbox");
    const files = (await readdir(dir).catch(() => [] as string[])).sort();
    return Promise.all(files.map((file) => readFile(path.join(dir, file), "utf8")));
  }

  const started: TestApp = {
    app,
    config,
    db: database.db,
    dataDir: config.dataDir,
    outbox,
    logs: [],
    clock: systemClock,
    peer: () => Promise.reject(new Error("a configured app has no peer")),
  };
  return Object.assign(started, {
    async close() {
      await app.close();
      await stopServingSnapshots?.();
      await database.close();
    },
  });
}
