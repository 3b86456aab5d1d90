import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/**
 * PostgreSQL session-level advisory locks, shared by every instance on one database (decision 034). `db` must
 * be one connection held for the whole call (`DatabaseHandle.onOneConnection`): a pooled query could take the
 * lock on one connection and release it on another. A lock whose connection breaks is released by the server.
 */
const keyOf = (name: string) => sql`hashtextextended(${`tagit:${name}`}, 0)`;

const release = (db: Database, name: string) =>
  // A failed release means the connection is gone, and the lock with it.
  db.execute(sql`select pg_advisory_unlock(${keyOf(name)})`).catch(() => {});

/** Waits for the lock `name`, runs `work` holding it, releases it. */
export async function withAdvisoryLock<T>(db: Database, name: string, work: () => Promise<T>): Promise<T> {
  await db.execute(sql`select pg_advisory_lock(${keyOf(name)})`);
  try {
    return await work();
  } finally {
    await release(db, name);
  }
}

/** Runs `work` holding the lock `name` if nobody holds it now; otherwise answers at once without running it. */
export async function tryAdvisoryLock<T>(
  db: Database,
  name: string,
  work: () => Promise<T>,
): Promise<{ locked: true; value: T } | { locked: false }> {
  const result = (await db.execute(
    sql`select pg_try_advisory_lock(${keyOf(name)}) as locked`,
  )) as unknown as {
    rows: { locked: boolean }[];
  };
  if (!result.rows[0]?.locked) return { locked: false };
  try {
    return { locked: true, value: await work() };
  } finally {
    await release(db, name);
  }
}
