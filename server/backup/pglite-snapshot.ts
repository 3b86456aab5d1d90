import type { PGlite } from "@electric-sql/pglite";
import { CHUNK_BYTES, type DatabaseSnapshot, quoted } from "./database-snapshot.ts";

const PAGE_BYTES = 8192;
const PAGES_PER_CHUNK = CHUNK_BYTES / PAGE_BYTES;

/**
 * A PGlite database that nothing else writes to while it is read: a copy of a running app's files, a data
 * directory no app has open, or the app's own before it serves. PGlite gives COPY's output whole, so a table is
 * read by ranges of its pages (a TID range scan), one chunk at a time.
 */
export function pgliteSnapshot(pglite: PGlite): DatabaseSnapshot {
  return {
    database: "pglite",
    rows: async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
    async *copyOut(table, columns) {
      const [size] = (
        await pglite.query<{ pages: number }>(
          `select (pg_relation_size($1::regclass) / ${PAGE_BYTES})::int as pages`,
          [quoted(table)],
        )
      ).rows;
      const select = `SELECT ${columns.map(quoted).join(", ")} FROM ${quoted(table)}`;
      for (let first = 0; first < (size?.pages ?? 0); first += PAGES_PER_CHUNK) {
        const pages = `ctid >= '(${first},0)'::tid AND ctid < '(${first + PAGES_PER_CHUNK},0)'::tid`;
        const { blob } = await pglite.query(`COPY (${select} WHERE ${pages}) TO '/dev/blob'`);
        if (blob && blob.size > 0) yield Buffer.from(await blob.arrayBuffer());
      }
    },
    close: async () => {},
  };
}
