import { defineConfig } from "vitest/config";

/**
 * Tests that start processes, build the app or cut real connections: slower, and run apart from the quick
 * loop (`npm run test:system`, after `npm run test:unit`). They need the web build, which that script makes.
 */
const SYSTEM_TESTS = [
  "server/**/*.fault.test.ts",
  "server/**/*.smoke.test.ts",
  "server/**/*.system.test.ts",
  "server/several-instances.test.ts",
  "server/production-build.test.ts",
  "server/db/open-configured.test.ts",
  "server/plugins/page-renderer.api.test.ts",
  "tests/budget/**/*.test.ts",
];

/**
 * What proves a Node.js release runs Tagit: the app started as a process, native modules (argon2, sharp),
 * PGlite, real HTTP, and a client generated from the API document. `.ci/run` runs it on the other release.
 */
const SMOKE_TESTS = [
  "server/**/*.smoke.test.ts",
  "server/app.http.api.test.ts",
  "server/plugins/api-docs/generated-client.api.test.ts",
];

/** Tests that open the worker's database need it migrated before their first test. */
const databaseSetup = ["server/test/console-error-trap.ts", "server/test/database-setup.ts"];

const apiProject = (name: string, db: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name,
    include: ["server/**/*.api.test.ts"],
    exclude: SYSTEM_TESTS,
    env: { TEST_DB: db },
    // One migrated database per worker, shared by the files that worker runs (see server/test/test-app.ts).
    isolate: false,
    setupFiles: databaseSetup,
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
          exclude: ["server/**/*.api.test.ts", ...SYSTEM_TESTS],
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
      apiProject("api-pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [apiProject("api-postgres", "postgres")] : []),
      {
        extends: true,
        test: {
          name: "system",
          include: SYSTEM_TESTS,
          env: { TEST_DB: "pglite" },
          setupFiles: ["server/test/console-error-trap.ts"],
        },
      },
      {
        extends: true,
        test: {
          // The built image run with podman (`npm run container:test`, which builds it first); never in `npm test`.
          name: "container",
          include: ["tests/container/**/*.test.ts"],
          // One container at a time: the drain test times a signal on a 2-core machine.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 240_000,
          setupFiles: ["server/test/console-error-trap.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "smoke",
          include: SMOKE_TESTS,
          env: { TEST_DB: "pglite" },
          isolate: false,
          setupFiles: databaseSetup,
        },
      },
    ],
  },
});
