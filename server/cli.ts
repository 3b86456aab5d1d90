// `tagit <command>` (the package's bin, bin/tagit.mjs): the operator's tool. It reads the server's environment.
import { parseArgs } from "node:util";
import { backupCommand, restoreCommand } from "./backup/backup-commands.ts";
import { printedProgress } from "./backup/progress.ts";
import { loadConfig } from "./config.ts";

const USAGE = `Usage: tagit <command>

Commands:
  backup FILE      Write the database and every upload, as they are at one moment, to the archive FILE.
                   The app may keep running.
  restore FILE     Fill the configured database and file store, which must be empty, from FILE; every
                   checksum and row count is checked before it reports success.
      --accept-unreadable-secrets   restore an archive sealed under another APP_SECRET: authenticator
                                    apps and payout details will not open
  help             Show this.

It reads the same environment as the server: DATA_DIR, DATABASE_URL, the S3_* variables and APP_SECRET.
Operating Tagit (backups, moving, upgrades): docs/operating.md.`;

/** Runs one command; answers the exit code. Every failure is one line on standard error. */
export async function runCli(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { "accept-unreadable-secrets": { type: "boolean", default: false }, help: { type: "boolean" } },
  });
  const [command, file, ...extra] = positionals;
  if (values.help || !command || command === "help") {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (command !== "backup" && command !== "restore") throw new UsageError(`unknown command ${command}`);
  if (!file || extra.length > 0) throw new UsageError(`${command} takes one FILE`);
  const config = loadConfig();
  const progress = printedProgress();
  if (command === "backup") await backupCommand(config, file, progress);
  else
    await restoreCommand(
      config,
      file,
      { acceptUnreadableSecrets: values["accept-unreadable-secrets"] },
      progress,
    );
  return 0;
}

class UsageError extends Error {}

/** What went wrong, in one line an operator can act on. */
function oneLine(err: unknown): string {
  if (err instanceof UsageError) return `${err.message} (tagit help)`;
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  if (
    code === "ECONNREFUSED" ||
    code === "ENOTFOUND" ||
    code === "ETIMEDOUT" ||
    code === "28P01" ||
    code === "3D000"
  ) {
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
