import { defineConfig } from "vitest/config";

const apiProject = (name: string, db: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name,
    include: ["server/**/*.api.test.ts"],
    env: { TEST_DB: db },
    // One migrated database per worker, shared by the files that worker runs (see server/test/test-app.ts).
    isolate: false,
    setupFiles: ["server/test/console-error-trap.ts", "server/test/database-setup.ts"],
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "contract/**/*.test.ts",
            "server/**/*.test.ts",
            "web/src/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          exclude: ["server/**/*.api.test.ts"],
          setupFiles: ["server/test/console-error-trap.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "components",
          include: ["web/src/**/*.test.tsx"],
          // React components rendered into happy-dom's document and driven with Testing Library.
          environment: "happy-dom",
          setupFiles: ["server/test/console-error-trap.ts", "web/src/test/component-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "budget",
          include: ["tests/budget/**/*.test.ts"],
          setupFiles: ["server/test/console-error-trap.ts"],
        },
      },
      apiProject("api-pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [apiProject("api-postgres", "postgres")] : []),
    ],
  },
});
