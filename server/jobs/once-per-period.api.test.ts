import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { scheduledJobRuns } from "#server/db/schema/index.ts";
import { workerDatabase } from "#server/test/worker-database.ts";
import { oncePerPeriod } from "./once-per-period.ts";
import type { Job } from "./scheduler.ts";

const HOUR = 60 * 60 * 1000;

async function freshJob(name: string, run: Job["run"] = async () => "done"): Promise<Job> {
  const database = await workerDatabase();
  await database.db.delete(scheduledJobRuns).where(eq(scheduledJobRuns.name, name));
  return { name, everyMs: HOUR, run };
}

/** As if the job's last run started a whole period ago. */
async function periodPasses(name: string) {
  const { db } = await workerDatabase();
  await db
    .update(scheduledJobRuns)
    .set({ startedAt: sql`${scheduledJobRuns.startedAt} - interval '1 hour'` })
    .where(eq(scheduledJobRuns.name, name));
}

describe("oncePerPeriod", () => {
  it("runs a job once per period, whoever ticks", async () => {
    const database = await workerDatabase();
    const takeTurn = oncePerPeriod(database);
    const job = await freshJob("test-once");
    expect(await takeTurn(job)).toEqual({ ran: true, result: "done" });
    // Another instance (or this one) ticking within the period finds it done.
    expect(await takeTurn(job)).toEqual({ ran: false, reason: "ran this period" });
    expect(await takeTurn(job)).toEqual({ ran: false, reason: "ran this period" });
    await periodPasses(job.name);
    expect(await takeTurn(job)).toEqual({ ran: true, result: "done" });
  });

  it("lets one of two simultaneous ticks run the job", async () => {
    const database = await workerDatabase();
    let runs = 0;
    const job = await freshJob("test-simultaneous", async () => {
      runs += 1;
    });
    const outcomes = await Promise.all([oncePerPeriod(database)(job), oncePerPeriod(database)(job)]);
    expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
    expect(runs).toBe(1);
  });

  it("gives a run that fails its period all the same (the next period retries)", async () => {
    const database = await workerDatabase();
    const job = await freshJob("test-failing", async () => {
      throw new Error("boom");
    });
    await expect(oncePerPeriod(database)(job)).rejects.toThrow("boom");
    expect(await oncePerPeriod(database)(job)).toEqual({ ran: false, reason: "ran this period" });
  });

  it("skips a job that another connection is running, even once its period has passed (PostgreSQL)", async (context) => {
    const database = await workerDatabase();
    // PGlite has one connection, whose locks are its own to take again; one process never overlaps a job
    // with itself (the scheduler's own guard).
    if (database.kind !== "postgres") context.skip();
    let finish = () => {};
    const job = await freshJob(
      "test-long",
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const first = oncePerPeriod(database)(job);
    await expect
      .poll(
        async () =>
          (await database.db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.name, job.name)))
            .length,
      )
      .toBe(1);
    await periodPasses(job.name);
    expect(await oncePerPeriod(database)(job)).toEqual({ ran: false, reason: "running elsewhere" });
    finish();
    expect(await first).toEqual({ ran: true, result: undefined });
  });
});
