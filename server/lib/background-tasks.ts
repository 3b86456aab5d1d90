import type { FastifyBaseLogger } from "fastify";

/**
 * Work a request starts but does not wait for (e.g. sending a reset e-mail, so the answer takes the same
 * time whether or not the account exists). Failures are logged; `drain()` waits for everything in flight.
 */
export function createBackgroundTasks(log: FastifyBaseLogger) {
  const inFlight = new Set<Promise<void>>();
  return {
    run(name: string, task: () => Promise<void>) {
      const promise = task()
        .catch((err: unknown) => log.error({ err, task: name }, "background task failed"))
        .finally(() => inFlight.delete(promise));
      inFlight.add(promise);
    },
    async drain() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
