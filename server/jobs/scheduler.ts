import type { FastifyBaseLogger } from "fastify";
import { jobSpan } from "#server/tracing/job-spans.ts";

/** Periodic clean-up work. Every job is idempotent, so a run repeated after a failure does no harm. */
export type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

/** Whether a job's run falls to this instance now (and then its result), or why not. */
export type JobOutcome = { ran: true; result: unknown } | { ran: false; reason: string };

/** Runs the job if it is this instance's turn: see once-per-period.ts. */
export type TakeTurn = (job: Job) => Promise<JobOutcome>;

/** Told of each job once at start, then of each run this instance made (metrics). */
export type JobObserver = {
  scheduled(job: string): void;
  succeeded(job: string): void;
  failed(job: string): void;
};

type Options = { takeTurn: TakeTurn; firstRunDelayMs: number; observe?: JobObserver };

/**
 * Ticks each job shortly after start-up and then on its interval, never overlapping itself on this instance;
 * `takeTurn` decides whether a tick runs it (across instances, once per period). `stop` clears the timers
 * and waits for the runs under way.
 */
export function startJobs(
  jobs: Job[],
  log: FastifyBaseLogger,
  { takeTurn, firstRunDelayMs, observe }: Options,
) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  for (const job of jobs) {
    observe?.scheduled(job.name);
    const tick = () => {
      if (running.has(job.name)) return;
      const startedAt = performance.now();
      const run = jobSpan(job.name, () => takeTurn(job))
        .then((outcome) => {
          if (outcome.ran) {
            const ms = Math.round(performance.now() - startedAt);
            log.info({ job: job.name, result: outcome.result, ms }, "job ran");
            observe?.succeeded(job.name);
          } else log.debug({ job: job.name, reason: outcome.reason }, "job skipped");
        })
        .catch((err: unknown) => {
          log.error({ err, job: job.name }, "job failed");
          observe?.failed(job.name);
        })
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    };
    const first = setTimeout(() => {
      tick();
      timers.push(setInterval(tick, job.everyMs).unref());
    }, firstRunDelayMs);
    timers.push(first.unref());
  }
  return {
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running.values());
    },
    /** Runs one job now and answers its result (tests; an operator's manual catch-up). */
    async run(name: string) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) throw new Error(`No job named ${name}`);
      return job.run();
    },
  };
}
