// `npm run admin:grant -- EMAIL`: makes an existing member an administrator (role = admin) in the configured
// database (DATABASE_URL or PGlite under DATA_DIR).
import { loadConfig } from "#server/config.ts";
import { grantAdmin } from "#server/modules/profile/grant-admin.ts";
import { openConfiguredDatabase } from "./open-configured.ts";

const email = process.argv[2];
if (!email) {
  console.error("Usage: npm run admin:grant -- EMAIL");
  process.exit(2);
}
const database = await openConfiguredDatabase(loadConfig());
try {
  const { email: granted, changed } = await grantAdmin(database.db, email);
  console.log(changed ? `${granted} is now an administrator.` : `${granted} was already an administrator.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await database.close();
}
