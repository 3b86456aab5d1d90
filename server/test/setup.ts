import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { workerDatabase } from "./worker-database.ts";

// A test that makes the code under test print to console.error fails: such output means a bug or a
// missing assertion.
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0) throw new Error(`console.error was called: ${JSON.stringify(calls[0])}`);
});

// Open (and migrate) the worker's database before the first test, under the hook timeout rather than
// inside the first test's time budget.
beforeAll(async () => {
  await workerDatabase();
});
