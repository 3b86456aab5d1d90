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
  const full = () => limit.pendingCount >= maxWaiting;
  return {
    run<T>(job: () => Promise<T>): Promise<T> {
      if (full()) return Promise.reject(new AppError("unavailable", busyMessage));
      return limit(job);
    },
    /** Throws the same 503 now when a job would be refused, before the caller spends anything on it. */
    ensureCapacity() {
      if (full()) throw new AppError("unavailable", busyMessage);
    },
  };
}

export type ProcessingQueue = ReturnType<typeof createProcessingQueue>;
