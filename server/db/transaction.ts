import type { Database } from "./client.ts";

/**
 * A database handle inside a transaction. Drizzle's transaction is a `Database` too, so a repository created
 * on it (`createXRepository(tx)`) runs every query inside that transaction, with no other change.
 */
export type Tx = Database;

/**
 * The one way to write in a transaction: committed when `work` resolves, rolled back when it throws. Called
 * on a handle that is already a transaction, it nests (a savepoint).
 */
export function withTransaction<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** `withTransaction` bound to the app's database: what a service that writes across repositories receives. */
export type Transact = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

export const transactOn =
  (db: Database): Transact =>
  (work) =>
    withTransaction(db, work);
