import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { runMigrations } from "#server/db/migrate.ts";
import { seedDefaults } from "#server/db/seed.ts";

/**
 * The two shapes the API takes: with the built-in test payment provider (development, the default) and with
 * Stripe (production). Their documents differ only in the payment routes each one serves.
 */
const CONFIGURATIONS = {
  "test-payments": {},
  stripe: {
    STRIPE_SECRET_KEY: "sk_test_document",
    STRIPE_PUBLISHABLE_KEY: "pk_test_document",
    STRIPE_WEBHOOK_SECRET: "whsec_document",
    STRIPE_PRICE_ID: "price_document",
  },
} as const;

/** Writes `openapi-<configuration>.json` for each configuration into `outDir`; answers the files written. */
export async function writeOpenApiDocuments(outDir: string): Promise<string[]> {
  const files: string[] = [];
  const database = await openDatabase({ kind: "pglite" });
  await runMigrations(database, seedDefaults);
  for (const [name, extra] of Object.entries(CONFIGURATIONS)) {
    const dataDir = await mkdtemp(path.join(tmpdir(), "tagit-openapi-"));
    const config = loadConfig({
      NODE_ENV: "development",
      DATA_DIR: dataDir,
      PUBLIC_URL: "https://tagit.test",
      APP_SECRET: "openapi-document-openapi-document-0123",
      API_DOCS: "true",
      LOG_LEVEL: "warn",
      ...extra,
    });
    const app = await buildApp({
      config,
      database: { ...database, close: async () => {} },
      webRoot: path.join(dataDir, "no-web-build"),
    });
    await app.ready();
    const file = path.join(outDir, `openapi-${name}.json`);
    await writeFile(file, JSON.stringify(app.swagger(), null, 2));
    files.push(file);
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  await database.close();
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2] ?? ".";
  for (const file of await writeOpenApiDocuments(outDir)) console.log(file);
}
