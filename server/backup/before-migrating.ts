import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Config } from "#server/config.ts";
import type { Migration } from "#server/db/code-schema.ts";
import { OWNER_ONLY_DIRECTORY } from "#server/lib/owner-only.ts";
import { backupCommand } from "./backup-command.ts";
import type { Progress } from "./progress.ts";

/** Where a backup taken before a migration goes: BACKUP_DIR, or DATA_DIR/backups. Never deleted by the schedule. */
export const preMigrationDirectory = (config: Pick<Config, "backups" | "dataDir">) =>
  config.backups?.directory ?? path.join(config.dataDir, "backups");

/**
 * The backup a start or `npm run db:migrate` takes before migrations change a database that holds members, so
 * an upgrade can be rolled back by restoring it. Named by the migration it came before and the time.
 */
export function backupBeforeMigrating(config: Config, progress: Progress, now = () => new Date()) {
  return async (pending: Migration[]) => {
    const directory = preMigrationDirectory(config);
    await mkdir(directory, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
    const stamp = now().toISOString().slice(0, 19).replaceAll(":", "-");
    const file = path.join(directory, `tagit-before-${pending[0]?.tag}-${stamp}Z.tar`);
    progress.stage(
      `${pending.length} migration(s) will change a database that holds members: backing it up first`,
    );
    await backupCommand(config, file, progress);
  };
}
