import { type AnyColumn, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";

/**
 * A lockout on a count of wrong guesses in a row: locked while the count is at least `after` and the last
 * guess came after `since` (now minus the lockout's length).
 */
export type GuessLockout = { after: number; since: Date };

/**
 * The condition a guess counter's reservation is made under: not locked out. Spelt so that a row never stamped
 * (`failedAt` null) counts as not locked.
 */
export const notLockedOut = (failures: AnyColumn, failedAt: AnyColumn, lockout: GuessLockout): SQL =>
  or(lt(failures, lockout.after), isNull(failedAt), lte(failedAt, lockout.since)) as SQL;

/**
 * The new count and stamp when a reserved guess is given back (it checked no secret). The stamp the reservation
 * set stays unless the count is still at the lockout: the reservation was only made because the lockout had
 * passed, so giving it back must not start a new one.
 */
export const givenBack = (failures: AnyColumn, failedAt: AnyColumn, lockoutAfter: number) => ({
  count: sql<number>`greatest(${failures} - 1, 0)`,
  stamp: sql<Date | null>`case when ${failures} - 1 >= ${lockoutAfter} then null else ${failedAt} end`,
});
