// `npm run db:seed`: inserts any missing default rows (idempotent; never overwrites an admin's edits).
import { loadConfig } from "#server/config.ts";
import { openConfiguredDatabase } from "./open-configured.ts";

const database = await openConfiguredDatabase(loadConfig());
await database.close();
console.log("Default rows are in place.");
