import type { Config } from "#server/config.ts";
import { codeSchema, tagitVersion } from "#server/db/schema-version.ts";
import { secretFingerprint } from "#server/lib/secret-box.ts";
import { codeMigrations } from "./code-migrations.ts";
import { openBackupSource, openRestoreDestination } from "./configured-ends.ts";
import type { Progress } from "./progress.ts";
import { restoreBackup } from "./restore-backup.ts";
import { writeBackup } from "./write-backup.ts";

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `tagit backup FILE`: the configured database and files, at one moment, into one archive. */
export async function backupCommand(config: Config, file: string, progress: Progress, now = new Date()) {
  const source = await openBackupSource(config);
  try {
    const info = {
      tagitVersion,
      migrations: [...codeSchema().migrations],
      secretFingerprint: secretFingerprint(config.appSecret),
      now,
    };
    const result = await writeBackup(source, info, file, progress);
    progress.stage(
      `wrote ${file}: ${result.manifest.tables.length} tables, ${result.files} files (${megabytes(result.bytes)})`,
    );
    return result;
  } finally {
    await source.close();
  }
}

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
