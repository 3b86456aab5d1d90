import { beforeAll } from "vitest";
import { workerDatabase } from "./worker-database.ts";

// Open (and migrate) the worker's database before the first test, under the hook timeout rather than
// inside the first test's time budget.
beforeAll(async () => {
  await workerDatabase();
});
