import { constants } from "node:fs";
import { cp } from "node:fs/promises";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { ensureOwnerOnlyDirectory } from "#server/lib/owner-only.ts";
import { createPglite } from "./create-pglite.ts";
import { lockEmbeddedDatabase } from "./embedded-lock.ts";
import { takingTurns } from "./pglite-turns.ts";
import { tracePglite, traceQueries } from "./query-spans.ts";
import * as schema from "./schema/index.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  /** How many queries wait for the database now (for admission control: see server/plugins/admission.ts). */
  waiting(): number;
  /** PostgreSQL only: the connections the pool holds now, and how many of them are idle (metrics). */
  connections?(): { open: number; idle: number };
  /**
   * Called as the HTTP server accepts a connection. PGlite, which shares this thread with the server, then
   * lets a burst of new connections in before its next slice (pglite-turns.ts); PostgreSQL runs elsewhere.
   */
  connectionAccepted(): void;
  /**
   * Receives the NOTIFY payloads of `channel`. `onListening(true)` once listening; `onListening(false)` when
   * the listening connection is lost (notifications sent meanwhile are lost; it reconnects by itself).
   * Answers how to stop.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListening: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  /**
   * Runs `work` on one connection of its own, held for the whole of it: session-level advisory locks need
   * that (decision 034). On PostgreSQL a connection outside the pool (never handed back to it with a lock
   * held), without a statement timeout unless `queryTimeoutMs` is given (a migration may take long); on
   * PGlite its only connection.
   */
  onOneConnection<T>(work: (db: Database) => Promise<T>, options?: { queryTimeoutMs?: number }): Promise<T>;
  /**
   * PGlite on disk only: copies the database's files to `directory` while no query runs, so that a backup can
   * read one moment of a database this process holds (a brief pause for the requests, as long as the copy).
   */
  copyFilesTo?(directory: string): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number; statementTimeoutMs?: number }
  /** dataDir undefined → in-memory PGlite (tests). */
  | { kind: "pglite"; dataDir?: string; client?: PGlite };

/**
 * How long a request waits for an unreachable PostgreSQL before it answers 503: a connection attempt, then any
 * one query (a cut network never answers, so without these a request would hang until the OS gives up).
 */
const OUTAGE_LIMITS = { connectionTimeoutMillis: 3_000, query_timeout: 10_000, keepAlive: true };

/** The pool's defaults (DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT_MS). */
const POOL_SIZE = 10;
const STATEMENT_TIMEOUT_MS = 10_000;
/** The client gives up a moment after the server would have cancelled: only a cut network gets that far. */
const CLIENT_MARGIN_MS = 1_000;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const statementTimeout = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? POOL_SIZE,
      ...OUTAGE_LIMITS,
      // The server cancels a statement that runs too long (it stops working on it, unlike a client timeout).
      statement_timeout: statementTimeout,
      query_timeout: statementTimeout + CLIENT_MARGIN_MS,
    });
    // An idle connection that breaks emits on the pool; unheard, that error would end the process.
    pool.on("error", () => {});
    traceQueries(pool);
    pool.on("connect", traceQueries);
    const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      waiting: () => pool.waitingCount,
      connections: () => ({ open: pool.totalCount, idle: pool.idleCount }),
      connectionAccepted: () => {},
      listen: (channel, onNotify, onListening) =>
        listenOnPostgres(options.url, channel, onNotify, onListening),
      onOneConnection: (work, { queryTimeoutMs } = {}) =>
        onDedicatedConnection(options.url, queryTimeoutMs, work),
      close: () => pool.end(),
    };
  }
  let client = options.client;
  let unlock = async () => {};
  if (!client) {
    // The database files are the app's user's alone (an existing directory open to others is closed).
    if (options.dataDir) await ensureOwnerOnlyDirectory(options.dataDir);
    if (options.dataDir) unlock = await lockEmbeddedDatabase(options.dataDir);
    client = await createPglite(options.dataDir).catch(async (err) => {
      await unlock();
      throw err;
    });
  }
  const pglite = client;
  const turns = takingTurns(pglite);
  const db = drizzlePglite({
    client: tracePglite(turns.client),
    schema,
    casing: "snake_case",
  }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await pglite.query("select 1");
    },
    waiting: turns.waiting,
    connectionAccepted: turns.connectionAccepted,
    async listen(channel, onNotify, onListening) {
      const unlisten = await pglite.listen(channel, onNotify);
      onListening(true);
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    // One connection is all PGlite has, and it is this process's alone.
    onOneConnection: (work) => work(db),
    async copyFilesTo(directory) {
      if (!options.dataDir) throw new Error("an in-memory database has no files to copy");
      const from = options.dataDir;
      // Fewer changes to replay when the copy is opened; then no transaction is open and no query runs while
      // the files are copied, so the copy is the database as a crash at that moment would leave it.
      await pglite.query("CHECKPOINT");
      await pglite._runExclusiveTransaction(() =>
        pglite.runExclusive(() => cp(from, directory, { recursive: true, mode: constants.COPYFILE_FICLONE })),
      );
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
      await unlock();
    },
  };
}

async function onDedicatedConnection<T>(
  url: string,
  queryTimeoutMs: number | undefined,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: OUTAGE_LIMITS.connectionTimeoutMillis,
    keepAlive: true,
    ...(queryTimeoutMs !== undefined && { query_timeout: queryTimeoutMs }),
  });
  // A connection that breaks fails the work's next query; unheard, its error event would end the process.
  client.on("error", () => {});
  traceQueries(client);
  await client.connect();
  try {
    return await work(drizzlePg({ client, schema, casing: "snake_case" }) as unknown as Database);
  } finally {
    await client.end().catch(() => {});
  }
}

const RELISTEN_AFTER_MS = 1_000;

/** A connection of its own (a pooled one would be handed to queries), re-opened whenever it is lost. */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onListening: (listening: boolean) => void,
) {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString: url, ...OUTAGE_LIMITS });
    current = client;
    const lost = () => {
      if (current !== client) return;
      current = undefined;
      onListening(false);
      client.end().catch(() => {});
      if (!stopped) retry = setTimeout(connect, RELISTEN_AFTER_MS);
    };
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onNotify(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (current === client) onListening(true);
    } catch {
      lost();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}

export { schema };
