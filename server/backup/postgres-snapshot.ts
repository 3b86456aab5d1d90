import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { copyColumns, type DatabaseSnapshot, wholeRows } from "./database-snapshot.ts";

/**
 * A PostgreSQL database at one moment: one repeatable-read, read-only transaction on a connection of its own,
 * so every table is read as it was when the first query ran, while the app goes on writing.
 */
export async function openPostgresSnapshot(url: string): Promise<DatabaseSnapshot> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  } catch (err) {
    await client.end();
    throw err;
  }
  return {
    database: "postgres",
    rows: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
    copyOut: (table, columns) =>
      wholeRows(client.query(copyTo(`COPY ${copyColumns(table, columns)} TO STDOUT`))),
    async close() {
      await client.query("ROLLBACK").catch(() => {});
      await client.end().catch(() => {});
    },
  };
}
