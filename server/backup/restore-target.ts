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

/** A connection with no statement timeout: a restore's transaction and its index builds may take long. */
export async function openPostgresTarget(url: string): Promise<RestoreTarget> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on("error", () => {});
  await client.connect();
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
