import type { Config } from "#server/config.ts";
import { codeSchema, tagitVersion } from "#server/db/code-schema.ts";
import { secretFingerprint } from "#server/lib/secret-box.ts";
import { openBackupSource } from "./configured-ends.ts";
import type { Progress } from "./progress.ts";
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
