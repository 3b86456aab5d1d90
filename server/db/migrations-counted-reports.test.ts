import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
const COUNTED_REPORTS_MIGRATION = 21;

/** The migrations folder as it stood before the counted-reports migration, in a temporary copy. */
async function migrationsBefore(idx: number) {
  const dir = await mkdtemp(path.join(tmpdir(), "tagit-migrations-"));
  await cp(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8"));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < idx);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

describe("the counted-reports migration on existing reports", () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  afterAll(() => client.close());

  it("counts a report only when its reporter was 24 hours old then and is verified", async () => {
    const before = await migrationsBefore(COUNTED_REPORTS_MIGRATION);
    await migrate(db, { migrationsFolder: before });
    await rm(before, { recursive: true, force: true });
    // Reports made on 10 March at noon, by accounts of various ages then.
    await client.exec(`
      insert into profiles (id, first_name, last_name, email, email_verified, created_at) values
        ('00000000-0000-4000-8000-00000000000a', 'Olga', 'Owner', 'olga@example.com', true, '2026-01-01T00:00:00Z'),
        ('00000000-0000-4000-8000-000000000001', 'Old', 'Verified', 'old@example.com', true, '2026-02-01T00:00:00Z'),
        ('00000000-0000-4000-8000-000000000002', 'Day', 'Exactly', 'day@example.com', true, '2026-03-09T12:00:00Z'),
        ('00000000-0000-4000-8000-000000000003', 'New', 'Verified', 'new@example.com', true, '2026-03-10T11:00:00Z'),
        ('00000000-0000-4000-8000-000000000004', 'Old', 'Unverified', 'unv@example.com', false, '2026-02-01T00:00:00Z');
      insert into tagged_posts (id, user_id, post_name, original_image, scrambled_image) values
        ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', 'Reported', '/o', '/s');
      insert into post_reports (post_id, reporter_id, created_at)
        select '00000000-0000-4000-8000-0000000000f1', id, '2026-03-10T12:00:00Z' from profiles
        where id <> '00000000-0000-4000-8000-00000000000a';
    `);

    await migrate(db, { migrationsFolder });

    const rows = (
      await client.query<{ email: string; counted: boolean }>(
        `select p.email, r.counted from post_reports r join profiles p on p.id = r.reporter_id order by p.email`,
      )
    ).rows;
    expect(rows).toEqual([
      { email: "day@example.com", counted: true },
      { email: "new@example.com", counted: false },
      { email: "old@example.com", counted: true },
      { email: "unv@example.com", counted: false },
    ]);
  }, 120_000);
});
