import { setImmediate as nextTurnOfTheLoop } from "node:timers/promises";
import type { PGlite } from "@electric-sql/pglite";
import pLimit from "p-limit";

/** The database's slice of the thread is this many times what the rest took in the last turn of the loop… */
const SLICE_PER_LOOP_TIME = 3;
/** …but never shorter than this (a quiet loop still lets a request's queries run back to back)… */
const MIN_SLICE_MS = 4;
/** …nor longer than this, so sockets are read and answered at least this often. */
const MAX_SLICE_MS = 60;
/** The longest the database waits for a burst of new connections to be accepted before its next slice. */
const MAX_HOLD_FOR_CONNECTIONS_MS = 50;

export type TakingTurns = {
  client: PGlite;
  /** How many queries wait for their turn (what admission control reads). */
  waiting(): number;
  /** Tells the database the HTTP server has just accepted a connection (see `takingTurns`). */
  connectionAccepted(): void;
};

/**
 * PGlite runs in this thread, and it runs its queued queries back to back without returning to the event loop,
 * so under load nothing else would happen: connections not even read. Its queries (a transaction counts as one)
 * take turns here instead, one at a time, sharing the thread with everything else in slices: queued queries run
 * one after another for a slice of time, then the event loop takes a turn to read sockets, answer them and run
 * timers. Each slice lasts three times what that turn of the loop took. A flood of requests that fills every
 * turn with refusals therefore still leaves the database three quarters of the thread (one slice per query
 * would leave it one query per turn, and a few searches a second); in a quiet loop the slice is a few
 * milliseconds, so sockets are still read at once.
 *
 * The loop accepts one new connection per turn (libuv does not accept in a loop), so a burst of connections —
 * the first seconds of a flood, 500 clients at once — was accepted one per slice, a hundred a second, and the
 * last of them waited seconds for their first answer, even a refusal. Once a connection has been accepted the
 * database gives the loop turns back to back, until one passes without a new connection (for at most 50 ms),
 * and only then takes its slice.
 */
export function takingTurns(pglite: PGlite, now: () => number = performance.now.bind(performance)) {
  const gate = pLimit(1);
  let sliceEndsAt = 0;
  let connectionArrived = false;

  async function ourTurn() {
    if (now() < sliceEndsAt && !connectionArrived) return;
    const heldSince = now();
    let yieldedAt = heldSince;
    do {
      connectionArrived = false;
      yieldedAt = now();
      await nextTurnOfTheLoop();
    } while (connectionArrived && now() - heldSince < MAX_HOLD_FOR_CONNECTIONS_MS);
    const backAt = now();
    const loopTime = backAt - yieldedAt;
    const slice = Math.min(MAX_SLICE_MS, Math.max(MIN_SLICE_MS, loopTime * SLICE_PER_LOOP_TIME));
    sliceEndsAt = backAt + slice;
  }

  const inTurn =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    (...args: A) =>
      gate(async () => {
        await ourTurn();
        return run(...args);
      });
  const turns: Partial<PGlite> = {
    query: inTurn(pglite.query.bind(pglite)) as PGlite["query"],
    exec: inTurn(pglite.exec.bind(pglite)),
    transaction: inTurn(pglite.transaction.bind(pglite)) as PGlite["transaction"],
  };
  const client = new Proxy(pglite, {
    get(target, key) {
      if (key in turns) return turns[key as keyof typeof turns];
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    client,
    waiting: () => gate.pendingCount,
    connectionAccepted: () => {
      connectionArrived = true;
    },
  } satisfies TakingTurns;
}
