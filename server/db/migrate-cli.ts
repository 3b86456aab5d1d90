// `npm run db:migrate`: applies pending migrations to the configured database (DATABASE_URL or PGlite).
import { loadConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "./open-configured.ts";
import { SchemaTooNewError } from "./schema-version.ts";

const database = await openConfiguredDatabase(loadConfig()).catch((err: unknown) => {
  if (!(err instanceof SchemaTooNewError)) throw err;
  console.error(err.message);
  process.exit(1);
});
await database.close();
console.log("Database is migrated and seeded.");
