import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { seedDefaults } from "#server/db/seed.ts";
import { memberInput, SAME_ORIGIN, sessionCookie } from "#server/test/factories.ts";
import { eventually, hostAndPort, startTcpProxy } from "#server/test/tcp-proxy.ts";

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const GENEROUS_MS = 20_000;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A private database for this test (fixed test names belong to the other suites). */
async function createDatabase() {
  const name = `tagit_fault_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return name;
}

/** The answer, or a failure if none came within a generous limit. */
function answered<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error("no answer")), GENEROUS_MS)),
  ]);
}

describe.skipIf(!ADMIN_URL)("a PostgreSQL outage (real server behind a proxy)", () => {
  it("answers 503 unavailable and not ready while cut, and recovers by itself with nothing lost", async () => {
    const name = await createDatabase();
    const proxy = await startTcpProxy(hostAndPort(ADMIN_URL as string, 5432));
    cleanups.push(() => proxy.close());
    const url = new URL(ADMIN_URL as string);
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${name}`;
    const dataDir = await mkdtemp(path.join(tmpdir(), "tagit-fault-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      APP_SECRET: "fault-secret-fault-secret-fault-secret-01",
      LOG_LEVEL: "silent",
    });
    const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
    cleanups.push(() => database.close());
    await runMigrations(database);
    await seedDefaults(database.db);
    const app = await buildApp({ config, database, logger: false, webRoot: path.join(dataDir, "none") });
    cleanups.push(() => app.close());

    const input = memberInput();
    const registered = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: SAME_ORIGIN,
      payload: input,
    });
    expect(registered.statusCode).toBe(201);
    const cookie = sessionCookie(registered);
    const profile = () => app.inject({ url: "/api/profile", headers: { cookie } });

    for (const how of ["silent", "refuse"] as const) {
      proxy.cut(how);
      const during = await answered(profile());
      expect(during.statusCode).toBe(503);
      expect(during.json()).toEqual({ error: expect.any(String), code: "unavailable" });
      const ready = await answered(app.inject({ url: "/readyz" }));
      expect(ready.statusCode).toBe(503);

      proxy.restore();
      await eventually(async () => expect((await profile()).statusCode).toBe(200));
      expect((await app.inject({ url: "/readyz" })).json()).toEqual({ status: "ready" });
      expect((await profile()).json()).toMatchObject({ email: input.email });
    }
  }, 120_000);
});
