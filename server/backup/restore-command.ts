import type { Config } from "#server/config.ts";
import { secretFingerprint } from "#server/lib/secret-box.ts";
import { codeMigrations } from "./code-migrations.ts";
import { openRestoreDestination } from "./configured-ends.ts";
import type { Progress } from "./progress.ts";
import { restoreBackup } from "./restore-backup.ts";

/** `tagit restore FILE`: an archive into the configured (empty) database and file store. */
export async function restoreCommand(
  config: Config,
  file: string,
  options: { acceptUnreadableSecrets: boolean },
  progress: Progress,
) {
  const destination = await openRestoreDestination(config);
  let failed = true;
  try {
    const context = {
      migrations: codeMigrations(),
      secretFingerprint: secretFingerprint(config.appSecret),
      acceptUnreadableSecrets: options.acceptUnreadableSecrets,
    };
    const result = await restoreBackup(file, destination, context, progress);
    failed = false;
    progress.stage(
      `restored ${file} (taken ${result.manifest.takenAt} by Tagit ${result.manifest.tagitVersion}): every checksum and row count matches`,
    );
    return result;
  } finally {
    await destination.close(failed);
  }
}
