import { inClientSpan } from "#server/tracing/spans.ts";
import type { Storage } from "./storage.ts";

/**
 * The store with a span for each write, removal, open and stat: `s3 write`, `disk open`…, with its outcome. File
 * names stay out of the span: the store, not the trace, is where they belong.
 */
export function tracedStorage(storage: Storage, kind: "disk" | "s3"): Storage {
  const span = <T>(operation: string, work: () => Promise<T>) =>
    inClientSpan(
      `${kind} ${operation}`,
      { "tagit.storage.kind": kind, "tagit.storage.operation": operation },
      work,
    );
  return {
    ...storage,
    write: (name, data) => span("write", () => storage.write(name, data)),
    remove: (names) => span("remove", () => storage.remove(names)),
    open: (name) => span("open", () => storage.open(name)),
    stat: (name) => span("stat", () => storage.stat(name)),
  };
}
