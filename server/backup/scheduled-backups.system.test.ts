import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { startConfiguredApp } from "#server/test/configured-app.ts";
import { createPost, registerMember } from "#server/test/factories.ts";
import { TEST_APP_SECRET, TEST_PUBLIC_URL } from "#server/test/test-app.ts";
import { restoreCommand } from "./backup-commands.ts";
import { silentProgress } from "./progress.ts";

const root = await mkdtemp(path.join(tmpdir(), "tagit-scheduled-"));
afterAll(() => rm(root, { recursive: true, force: true }));

it("backs a running app up once a day into BACKUP_DIR, keeping the newest BACKUP_KEEP archives (here one)", async () => {
  const backups = path.join(root, "backups");
  const env = {
    APP_SECRET: TEST_APP_SECRET,
    PAYMENTS_TEST_MODE: "true",
    DATA_DIR: path.join(root, "data"),
    BACKUP_DIR: backups,
    BACKUP_KEEP: "1",
  };
  // The job runs `tagit backup` in a process of its own, with this process's environment.
  const saved = { ...process.env };
  Object.assign(process.env, env, { NODE_ENV: "production" });
  const t = await startConfiguredApp(env);
  try {
    const ada = await registerMember(t);
    await createPost(t, ada, "Analytical Engine");
    const names: string[] = [];
    for (let run = 0; run < 2; run += 1) {
      const { archive } = (await t.app.jobs.run("backup")) as { archive: string };
      names.push(archive);
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // archives are named by the second
    }
    expect((await readdir(backups)).sort()).toEqual(names.slice(1));
  } finally {
    await t.close();
    process.env = saved;
  }

  const restoredDir = path.join(root, "restored");
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: TEST_PUBLIC_URL, ...env, DATA_DIR: restoredDir });
  const newest = (await readdir(backups)).sort().at(-1) ?? "";
  const { manifest } = await restoreCommand(
    config,
    path.join(backups, newest),
    { acceptUnreadableSecrets: false },
    silentProgress,
  );
  expect(manifest.tables.find((table) => table.name === "tagged_posts")?.rows).toBe(1);
  expect((await readdir(path.join(restoredDir, "uploads"))).length).toBe(3);
}, 120_000);
