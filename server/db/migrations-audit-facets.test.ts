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
const AUDIT_AT_SCALE_MIGRATION = 25;

/** The migrations folder as it stood before the audit-log-at-scale migration, in a temporary copy. */
async function migrationsBefore(idx: number) {
  const dir = await mkdtemp(path.join(tmpdir(), "tagit-migrations-"));
  await cp(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8"));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < idx);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

describe("the audit-log-at-scale migration on an existing log (decision 055)", () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  afterAll(() => client.close());

  it("fills the filter choices from the log: each actor by the name of their latest entry, each action", async () => {
    const before = await migrationsBefore(AUDIT_AT_SCALE_MIGRATION);
    await migrate(db, { migrationsFolder: before });
    await rm(before, { recursive: true, force: true });
    await client.exec(`
      insert into profiles (id, first_name, last_name, email) values
        ('00000000-0000-4000-8000-000000000001', 'Ada', 'Now', 'ada@example.com'),
        ('00000000-0000-4000-8000-000000000002', 'Bea', 'Poster', 'bea@example.com');
      insert into admin_audit_log (created_at, actor_id, actor_first_name, actor_last_name, action, target_type, target_id, summary) values
        ('2026-03-01T00:00:00Z', '00000000-0000-4000-8000-000000000001', 'Ada', 'Before', 'tagg.update', 'tagg', 'a', '{}'),
        ('2026-03-02T00:00:00Z', '00000000-0000-4000-8000-000000000001', 'Ada', 'Now', 'tagg.delete', 'tagg', 'b', '{}'),
        ('2026-03-03T00:00:00Z', '00000000-0000-4000-8000-000000000002', 'Bea', 'Poster', 'tagg.update', 'tagg', 'c', '{}'),
        ('2026-03-04T00:00:00Z', null, 'System', '(automatic)', 'post.hide', 'post', 'd', '{}');
    `);

    await migrate(db, { migrationsFolder });

    const actors = await client.query(
      "select actor_id, first_name, last_name, last_seen from admin_audit_actors order by actor_id",
    );
    expect(actors.rows).toEqual([
      {
        actor_id: "00000000-0000-4000-8000-000000000001",
        first_name: "Ada",
        last_name: "Now",
        last_seen: new Date("2026-03-02T00:00:00Z"),
      },
      {
        actor_id: "00000000-0000-4000-8000-000000000002",
        first_name: "Bea",
        last_name: "Poster",
        last_seen: new Date("2026-03-03T00:00:00Z"),
      },
    ]);
    const actions = await client.query("select action, last_seen from admin_audit_actions order by action");
    expect(actions.rows).toEqual([
      { action: "post.hide", last_seen: new Date("2026-03-04T00:00:00Z") },
      { action: "tagg.delete", last_seen: new Date("2026-03-02T00:00:00Z") },
      { action: "tagg.update", last_seen: new Date("2026-03-03T00:00:00Z") },
    ]);
  });
});
