// bench:api --pglite --statements: each server times every statement it sends to PGlite and, as it stops,
// prints the statements that took the most time in all, each with how often it ran and its mean time. Both
// servers print theirs, so the baseline can be checked to run what the app's route runs, statement by statement,
// and where the app's extra time per request is spent: in the database or in its own code.
import { PGlite } from "@electric-sql/pglite";

const SHOWN = 8;

/** Times PGlite's `query` and `exec` in this process from now on; prints the totals on exit as `label`'s. */
export function timeStatements(label: string) {
  const totals = new Map<string, { runs: number; ms: number }>();
  for (const method of ["query", "exec"] as const) {
    const run = PGlite.prototype[method] as (this: PGlite, ...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(PGlite.prototype, method, {
      configurable: true,
      writable: true,
      value: async function timed(this: PGlite, statement: string, ...rest: unknown[]) {
        const started = performance.now();
        try {
          return await run.call(this, statement, ...rest);
        } finally {
          const key = statement.replace(/\s+/g, " ").trim();
          const total = totals.get(key) ?? { runs: 0, ms: 0 };
          total.runs += 1;
          total.ms += performance.now() - started;
          totals.set(key, total);
        }
      },
    });
  }
  process.once("exit", () => {
    const rows = [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, SHOWN);
    const lines = rows.map(
      ([statement, { runs, ms }]) =>
        `${String(runs).padStart(8)} ${`${((ms / runs) * 1000).toFixed(0)} µs`.padStart(9)}  ${statement.slice(0, 100)}`,
    );
    process.stderr.write(
      `\n${label}: statements by time in all (runs, mean, statement)\n${lines.join("\n")}\n`,
    );
  });
}
