import { afterEach, beforeEach, vi } from "vitest";

// A test that makes the code under test print to console.error fails: such output means a bug or a
// missing assertion. Every project loads this (unit and API); it opens nothing.
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0) throw new Error(`console.error was called: ${JSON.stringify(calls[0])}`);
});
