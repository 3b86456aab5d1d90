import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { runCli } from "#server/cli.ts";
import { createPglite } from "#server/db/create-pglite.ts";
import { embeddedDatabaseDirectory } from "#server/db/embedded-lock.ts";
import { dataDirWithEmptyDatabase } from "#server/test/embedded-template.ts";
import { TEST_APP_SECRET } from "#server/test/test-app.ts";

const root = await mkdtemp(path.join(tmpdir(), "tagit-reset-authenticator-"));
afterAll(() => rm(root, { recursive: true, force: true }));

const ENV = { APP_SECRET: TEST_APP_SECRET, PAYMENTS_TEST_MODE: "true", NODE_ENV: "production" };

it("tagit reset-authenticator EMAIL turns the member's app off in the configured database and writes their e-mail", async () => {
  const dataDir = await dataDirWithEmptyDatabase(root);
  const env = { ...ENV, DATA_DIR: dataDir };
  // A first command migrates the new database; the member is then written as the app would have.
  await expect(runCli(["reset-authenticator", "ada@example.com"], { env })).rejects.toThrow(
    "No member has the e-mail address ada@example.com",
  );
  const database = await createPglite(embeddedDatabaseDirectory(dataDir));
  await database.exec(`
    insert into profiles (id, email, first_name, last_name, totp_enabled)
      values ('00000000-0000-4000-8000-000000000001', 'ada@example.com', 'Ada', 'Lovelace', true);
    insert into totp_credentials (user_id, sealed_secret, enabled_at)
      values ('00000000-0000-4000-8000-000000000001', 'v2.a.b.c', now());
    insert into recovery_codes (user_id, code_hash)
      values ('00000000-0000-4000-8000-000000000001', 'v2.digest');`);
  await database.close();

  expect(await runCli(["reset-authenticator", "ada@example.com"], { env })).toBe(0);

  const after = await createPglite(embeddedDatabaseDirectory(dataDir));
  const { rows } = await after.query<{ totp: boolean; credentials: number; codes: number }>(`
    select totp_enabled as totp, (select count(*)::int from totp_credentials) as credentials,
      (select count(*)::int from recovery_codes) as codes from profiles`);
  await after.close();
  expect(rows).toEqual([{ totp: false, credentials: 0, codes: 0 }]);
  expect(await readdir(path.join(dataDir, "outbox"))).toHaveLength(1);
  await expect(runCli(["reset-authenticator"], { env })).rejects.toThrow(
    "reset-authenticator takes one EMAIL",
  );
});
