import { Worker } from "node:worker_threads";

/** Bytes handed to the hashing thread at a time, and how many such pieces may be out at once. */
export const HASH_SLOT_BYTES = 1024 * 1024;
const SLOTS = 4;

/**
 * The hashing thread: SHA-256 of each entry's bytes, which arrive in shared slots in order; "digest" ends an
 * entry. Plain JavaScript evaluated as is, so it runs the same from the sources and from the built server.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const slots = workerData.map((shared) => new Uint8Array(shared));
let hash = createHash("sha256");
parentPort.on("message", (message) => {
  if (message.slot === undefined) {
    parentPort.postMessage({ digest: hash.digest("hex") });
    hash = createHash("sha256");
    return;
  }
  hash.update(slots[message.slot].subarray(0, message.length));
  parentPort.postMessage({ free: message.slot });
});
`;

export type HashSlot = { index: number; bytes: Buffer };

/**
 * SHA-256 on a thread of its own, so a backup hashes on one processor while it reads and writes on the other.
 * Bytes go through a few shared slots (no copies between the threads): take a free slot, fill it, hand it over
 * with `update`; it comes back free once hashed. `digest` answers, in order, the digest of everything handed over
 * since the last one.
 */
export function startHasher() {
  const shared = Array.from({ length: SLOTS }, () => new SharedArrayBuffer(HASH_SLOT_BYTES));
  const slots = shared.map((buffer, index) => ({ index, bytes: Buffer.from(buffer) }));
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: shared });
  const free: HashSlot[] = [...slots];
  const waitingForSlot: { resolve: (slot: HashSlot) => void; reject: (err: Error) => void }[] = [];
  const digests: { resolve: (digest: string) => void; reject: (err: Error) => void }[] = [];
  let failed: Error | undefined;

  worker.on("message", (message: { free?: number; digest?: string }) => {
    if (message.digest !== undefined) digests.shift()?.resolve(message.digest);
    if (message.free === undefined) return;
    const slot = slots[message.free] as HashSlot;
    const waiter = waitingForSlot.shift();
    if (waiter) waiter.resolve(slot);
    else free.push(slot);
  });
  worker.on("error", (err) => {
    failed = err;
    for (const waiter of [...digests.splice(0), ...waitingForSlot.splice(0)]) waiter.reject(err);
  });

  return {
    /** A slot to fill; waits while every slot is being hashed. */
    async slot(): Promise<HashSlot> {
      if (failed) throw failed;
      return (
        free.pop() ?? new Promise<HashSlot>((resolve, reject) => waitingForSlot.push({ resolve, reject }))
      );
    },
    /** Hands the slot's first `length` bytes over; the slot must not be written again until it comes back. */
    update(slot: HashSlot, length: number) {
      worker.postMessage({ slot: slot.index, length });
    },
    /** Gives a slot back unused. */
    release(slot: HashSlot) {
      free.push(slot);
    },
    digest(): Promise<string> {
      if (failed) return Promise.reject(failed);
      const answer = new Promise<string>((resolve, reject) => digests.push({ resolve, reject }));
      worker.postMessage({});
      return answer;
    },
    close: () => worker.terminate().then(() => {}),
  };
}

export type Hasher = ReturnType<typeof startHasher>;
