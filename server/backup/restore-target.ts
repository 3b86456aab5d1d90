import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { copyColumns } from "./database-snapshot.ts";

/** The database a restore fills, on one connection of its own (one transaction holds the whole restore). */
export type RestoreTarget = {
  database: "pglite" | "postgres";
  rows<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs statements without parameters (a migration's SQL). */
  exec(sql: string): Promise<void>;
  /** Adds rows given as COPY text. */
  copyIn(table: string, columns: string[], rows: Buffer): Promise<void>;
  close(): Promise<void>;
};

/** Index builds sort in memory up to this much (PostgreSQL's default, 64 MB, spills the larger ones to disk). */
const INDEX_BUILD_MEMORY = "256MB";

/**
 * A connection with no statement timeout (a restore's transaction and its index builds may take long), whose
 * index builds may use more memory than the server's default: they are a restore's longest step.
 */
export async function openPostgresTarget(url: string): Promise<RestoreTarget> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on("error", () => {});
  await client.connect();
  await client.query(`SET maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`);
  return {
    database: "postgres",
    rows: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
    exec: async (sql) => {
      await client.query(sql);
    },
    copyIn: (table, columns, rows) =>
      new Promise<void>((resolve, reject) => {
        const copy = client.query(copyFrom(`COPY ${copyColumns(table, columns)} FROM STDIN`));
        copy.on("error", reject);
        copy.on("finish", resolve);
        copy.end(rows);
      }),
    close: () => client.end().catch(() => {}),
  };
}

export function pgliteTarget(pglite: PGlite): RestoreTarget {
  return {
    database: "pglite",
    rows: async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    copyIn: async (table, columns, rows) => {
      await pglite.query(`COPY ${copyColumns(table, columns)} FROM '/dev/blob'`, [], {
        blob: new Blob([rows as Uint8Array<ArrayBuffer>]),
      });
    },
    close: () => pglite.close(),
  };
}
