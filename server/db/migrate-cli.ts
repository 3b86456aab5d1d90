// `npm run db:migrate`: applies pending migrations to the configured database (DATABASE_URL or PGlite).
import { loadConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "./open-configured.ts";

const database = await openConfiguredDatabase(loadConfig());
await database.close();
console.log("Database is migrated and seeded.");
