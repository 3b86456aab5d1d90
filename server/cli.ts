// `tagit <command>` (the package's bin, bin/tagit.mjs): the operator's tool. It reads the server's environment.
// Each command loads only the modules it uses (the app's data access takes a second and 250 MB to load).
import { parseArgs } from "node:util";
import { type Progress, printedProgress } from "./backup/progress.ts";
import { type Config, loadConfig } from "./config.ts";
import { codeSchema } from "./db/code-schema.ts";

const USAGE = `Usage: tagit <command>

Commands:
  backup FILE      Write the database and every upload, as they are at one moment, to the archive FILE.
                   The app may keep running.
  restore FILE     Fill the configured database and file store, which must be empty, from FILE; every
                   checksum and row count is checked before it reports success.
      --accept-unreadable-secrets   restore an archive sealed under another APP_SECRET: authenticator
                                    apps, recovery codes and payout details will not open
  migrate          Apply pending migrations (a start does too). When they would change a database that
                   holds members, it is backed up first, to BACKUP_DIR or DATA_DIR/backups.
      --skip-backup                 migrate without that backup
  reset-authenticator EMAIL
                   Turn off the authenticator app of the member with that e-mail, with their recovery
                   codes, for a member who lost both (or after APP_SECRET was replaced). Their sessions
                   end and an e-mail tells them; they sign in with their password.
  help             Show this.

It reads the same environment as the server: DATA_DIR, DATABASE_URL, the S3_* variables and APP_SECRET.
Operating Tagit (backups, moving, upgrades): docs/operating.md.`;

type CliOptions = {
  /** The environment the command reads its configuration from. */
  env?: NodeJS.ProcessEnv;
  /** Where the progress lines go (standard error). */
  write?: (line: string) => void;
};

/** Runs one command; answers the exit code, or throws what went wrong (`main` prints it as one line). */
export async function runCli(args: string[], { env = process.env, write }: CliOptions = {}): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      "accept-unreadable-secrets": { type: "boolean", default: false },
      "skip-backup": { type: "boolean", default: false },
      help: { type: "boolean" },
    },
  });
  const [command, file, ...extra] = positionals;
  if (values.help || !command || command === "help") {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  const progress = printedProgress(write);
  if (command === "migrate") {
    if (file) throw new UsageError("migrate takes no FILE");
    await migrateCommand(loadConfig(env), values["skip-backup"], progress);
    return 0;
  }
  if (command === "reset-authenticator") {
    if (!file || extra.length > 0) throw new UsageError("reset-authenticator takes one EMAIL");
    const { resetAuthenticatorCommand } = await import("./db/reset-authenticator-command.ts");
    console.log(await resetAuthenticatorCommand(loadConfig(env), file));
    return 0;
  }
  if (command !== "backup" && command !== "restore") throw new UsageError(`unknown command ${command}`);
  if (!file || extra.length > 0) throw new UsageError(`${command} takes one FILE`);
  const config = loadConfig(env);
  if (command === "backup") {
    const { backupCommand } = await import("./backup/backup-command.ts");
    await backupCommand(config, file, progress);
  } else {
    const { restoreCommand } = await import("./backup/restore-command.ts");
    const acceptUnreadableSecrets = values["accept-unreadable-secrets"];
    await restoreCommand(config, file, { acceptUnreadableSecrets }, progress);
  }
  return 0;
}

/** `tagit migrate`: what a start would apply, with a backup first when it changes a database with members. */
async function migrateCommand(config: Config, skipBackup: boolean, progress: Progress) {
  const [{ backupBeforeMigrating }, { openConfiguredDatabase }] = await Promise.all([
    import("./backup/before-migrating.ts"),
    import("./db/open-configured.ts"),
  ]);
  if (skipBackup) progress.stage("migrating without a backup first (--skip-backup)");
  const beforeMigrating = skipBackup ? undefined : backupBeforeMigrating(config, progress);
  const database = await openConfiguredDatabase(config, { beforeMigrating });
  await database.close();
  progress.stage(`the database is migrated (${codeSchema().last.tag}) and seeded`);
}

export class UsageError extends Error {}

/** What went wrong, in one line an operator can act on. */
function oneLine(err: unknown): string {
  if (err instanceof UsageError) return `${err.message} (tagit help)`;
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  if (["ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT", "28P01", "3D000"].includes(code ?? "")) {
    return `Cannot reach the database: ${message}`;
  }
  return message?.split("\n")[0] ?? String(err);
}

export async function main(args = process.argv.slice(2)) {
  try {
    process.exitCode = await runCli(args);
  } catch (err) {
    console.error(`tagit: ${oneLine(err)}`);
    if (process.env.TAGIT_DEBUG) console.error(err);
    process.exitCode = 1;
  }
}
