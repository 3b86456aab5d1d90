/** An item the data cleanup found: its id, what the panel shows for it, and when it was last active. */
export type InactiveRow = { id: string; identifier: string; lastActivity: Date };

/** The oldest matches (at most the limit asked for) and how many match in all. */
export type InactivePage = { items: InactiveRow[]; total: number };

import type { Tx } from "./transaction.ts";

/** Runs in the transaction of a cleanup deletion, with what it deleted (the admin's audit rows). */
export type InTransaction = (tx: Tx, deleted: InactiveRow[]) => Promise<void>;
