import pLimit from "p-limit";
import { AppError } from "./app-error.ts";

/**
 * Bounds CPU- and memory-heavy work (image decoding): at most `concurrency` jobs run, at most `maxWaiting`
 * wait; beyond that the caller gets a 503 to retry, instead of the process running out of memory.
 */
export function createProcessingQueue({
  concurrency,
  maxWaiting,
  busyMessage,
}: {
  concurrency: number;
  maxWaiting: number;
  busyMessage: string;
}) {
  const limit = pLimit(concurrency);
  return {
    run<T>(job: () => Promise<T>): Promise<T> {
      if (limit.pendingCount >= maxWaiting) {
        return Promise.reject(new AppError("unavailable", busyMessage));
      }
      return limit(job);
    },
    get active() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
  };
}

export type ProcessingQueue = ReturnType<typeof createProcessingQueue>;
