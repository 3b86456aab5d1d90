// `npm run admin:grant -- EMAIL`: makes an existing member an administrator (role = admin) in the configured
// database (DATABASE_URL or PGlite under DATA_DIR), and says when they still need a second factor to unlock the
// admin panel.
import { loadConfig } from "#server/config.ts";
import { grantAdmin, grantAdminReport } from "#server/modules/profile/grant-admin.ts";
import { openConfiguredDatabase } from "./open-configured.ts";

const email = process.argv[2];
if (!email) {
  console.error("Usage: npm run admin:grant -- EMAIL");
  process.exit(2);
}
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const result = await grantAdmin(database.db, email);
  console.log(grantAdminReport(result, { requireSecondFactor: config.adminRequireSecondFactor }));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await database.close();
}
