import { sql } from "drizzle-orm";
import { tryAdvisoryLock } from "#server/db/advisory-locks.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { scheduledJobRuns } from "#server/db/schema/index.ts";
import type { TakeTurn } from "./scheduler.ts";

/** Instances' timers drift: a tick this close to the end of the period counts as due (at most a tenth of it). */
const EARLY_MS = 1_000;
/** The lock's connection runs only short statements; a cut network must not hold a job's turn for ever. */
const LOCK_QUERY_TIMEOUT_MS = 10_000;

/**
 * With several instances on one database, each job runs once per period (decision 034): a tick takes the job's
 * advisory lock without waiting (held elsewhere → that instance is running it), then claims the period in
 * `scheduled_job_runs` (started less than a period ago → it already ran), and runs it holding the lock, so
 * a run longer than its period never overlaps another instance's either. The database's clock decides.
 */
export function oncePerPeriod(database: Pick<DatabaseHandle, "onOneConnection">): TakeTurn {
  return (job) =>
    database.onOneConnection(
      async (db) => {
        const dueAfterMs = job.everyMs - Math.min(EARLY_MS, job.everyMs / 10);
        const turn = await tryAdvisoryLock(db, `job:${job.name}`, async () => {
          const claimed = await db
            .insert(scheduledJobRuns)
            .values({ name: job.name, startedAt: sql`now()` })
            .onConflictDoUpdate({
              target: scheduledJobRuns.name,
              set: { startedAt: sql`excluded.started_at` },
              setWhere: sql`${scheduledJobRuns.startedAt} <= now() - make_interval(secs => ${dueAfterMs / 1000})`,
            })
            .returning({ name: scheduledJobRuns.name });
          if (claimed.length === 0) return { ran: false as const, reason: "ran this period" };
          return { ran: true as const, result: await job.run() };
        });
        return turn.locked ? turn.value : { ran: false, reason: "running elsewhere" };
      },
      { queryTimeoutMs: LOCK_QUERY_TIMEOUT_MS },
    );
}
