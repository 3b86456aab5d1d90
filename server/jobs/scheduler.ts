import type { FastifyBaseLogger } from "fastify";

/** Periodic clean-up work. Every job is idempotent, so several instances may run the same one. */
export type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

const FIRST_RUN_DELAY_MS = 30_000;

/** Runs each job shortly after start-up and then on its interval; never overlapping itself. */
export function startJobs(jobs: Job[], log: FastifyBaseLogger) {
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        const result = await job.run();
        log.debug({ job: job.name, result }, "job finished");
      } catch (err) {
        log.error({ err, job: job.name }, "job failed");
      } finally {
        running = false;
      }
    };
    const first = setTimeout(() => {
      void tick();
      timers.push(setInterval(() => void tick(), job.everyMs).unref());
    }, FIRST_RUN_DELAY_MS);
    timers.push(first.unref());
  }
  return {
    stop() {
      for (const timer of timers) clearTimeout(timer);
    },
    /** Runs one job now and answers its result (tests; an operator's manual catch-up). */
    async run(name: string) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) throw new Error(`No job named ${name}`);
      return job.run();
    },
  };
}
