/**
 * One database as it was at one moment, read by a backup: a PostgreSQL transaction that sees one snapshot
 * (postgres-snapshot.ts), or a PGlite database nothing else writes to while it is read (pglite-snapshot.ts).
 */
export type DatabaseSnapshot = {
  database: "pglite" | "postgres";
  rows<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Every row of the table's columns as COPY text, in chunks that each end at a row's end. */
  copyOut(table: string, columns: string[]): AsyncIterable<Buffer>;
  close(): Promise<void>;
};

/** A COPY chunk holds about this many bytes: memory stays flat, and a table of a few rows is one entry. */
export const CHUNK_BYTES = 8 * 1024 * 1024;

/** An SQL identifier, quoted. */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export const copyColumns = (table: string, columns: string[]) =>
  `${quoted(table)} (${columns.map(quoted).join(", ")})`;

/**
 * Re-cuts COPY text into chunks of about `size` bytes that end at a row's end. In COPY's text format a newline
 * inside a value is written `\n`, so every raw newline ends a row.
 */
export async function* wholeRows(stream: AsyncIterable<Buffer>, size = CHUNK_BYTES): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    pending.push(chunk);
    length += chunk.length;
    if (length < size) continue;
    const all = Buffer.concat(pending);
    const end = all.lastIndexOf(10) + 1;
    if (end === 0) {
      pending = [all];
      continue;
    }
    yield all.subarray(0, end);
    pending = [all.subarray(end)];
    length = all.length - end;
  }
  if (length > 0) yield Buffer.concat(pending);
}
