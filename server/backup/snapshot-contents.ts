import type { DatabaseSnapshot } from "./database-snapshot.ts";
import { quoted } from "./database-snapshot.ts";

/**
 * The pseudonym keys never leave the database they were made in: a restore starts a new epoch, so a backup can
 * never bring back a key that rotation destroyed.
 */
export const LEFT_OUT_TABLES: ReadonlySet<string> = new Set(["anonymity_keys"]);

export type TableContents = { name: string; columns: string[]; rows: number };

/** Every table of the app (the public schema), with the columns a restore writes (not generated ones). */
export async function tablesOf(snapshot: DatabaseSnapshot): Promise<{ name: string; columns: string[] }[]> {
  return snapshot.rows<{ name: string; columns: string[] }>(
    `select c.relname as name, json_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind = 'r'
      group by c.relname
      order by c.relname`,
  );
}

export const rowCount = async (snapshot: DatabaseSnapshot, table: string) => {
  const [row] = await snapshot.rows<{ count: string }>(
    `select count(*)::text as count from ${quoted(table)}`,
  );
  return Number(row?.count ?? 0);
};

/** What the backup's manifest says of the database: its tables, sequences and schema. */
export async function readSnapshotContents(snapshot: DatabaseSnapshot) {
  const tables: TableContents[] = [];
  for (const table of await tablesOf(snapshot)) {
    if (LEFT_OUT_TABLES.has(table.name)) continue;
    tables.push({ ...table, rows: await rowCount(snapshot, table.name) });
  }
  const sequences = [];
  const sequenceNames = await snapshot.rows<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  for (const { name } of sequenceNames) {
    const [state] = await snapshot.rows<{ lastValue: string; isCalled: boolean }>(
      `select last_value::text as "lastValue", is_called as "isCalled" from ${quoted(name)}`,
    );
    if (state) sequences.push({ name, ...state });
  }
  const [schema] = await snapshot.rows<{ applied: number; lastWhen: string | null }>(
    `select count(*)::int as applied, max(created_at)::text as "lastWhen" from drizzle.__drizzle_migrations`,
  );
  return {
    tables,
    sequences,
    schema: { applied: schema?.applied ?? 0, lastWhen: Number(schema?.lastWhen ?? 0) },
  };
}

const UPLOADS_PAGE = 1_000;
const UPLOADS_URL_PREFIX = "/uploads/";

/** The stored names of every file the snapshot's uploads name (original, thumbnail, scrambled copy), by pages. */
export async function* uploadedNames(snapshot: DatabaseSnapshot): AsyncGenerator<string> {
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const page = await snapshot.rows<{ id: string; paths: (string | null)[] }>(
      `select id, json_build_array(original_path, thumbnail_path, scrambled_path) as paths
         from uploads where id > $1 order by id limit ${UPLOADS_PAGE}`,
      [after],
    );
    for (const { paths } of page) {
      for (const path of paths) if (path) yield path.slice(UPLOADS_URL_PREFIX.length);
    }
    const last = page.at(-1);
    if (!last || page.length < UPLOADS_PAGE) return;
    after = last.id;
  }
}

export async function uploadedFileCount(snapshot: DatabaseSnapshot): Promise<number> {
  const [row] = await snapshot.rows<{ files: string }>(
    "select (count(*) + count(thumbnail_path) + count(*))::text as files from uploads",
  );
  return Number(row?.files ?? 0);
}
