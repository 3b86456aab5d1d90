import pino from "pino";
import type { Config } from "#server/config.ts";
import { createBackgroundTasks } from "#server/lib/background-tasks.ts";
import { systemClock } from "#server/lib/clock.ts";
import { configuredMailer } from "#server/lib/mailer.ts";
import {
  type AccountChanged,
  createAccountChangesService,
} from "#server/modules/account-alerts/account-changes.service.ts";
import { createSessionsRepository } from "#server/modules/auth/sessions.repository.ts";
import { createProfileRepository } from "#server/modules/profile/profile.repository.ts";
import { operatorResetReport, resetAuthenticatorApp } from "#server/modules/second-factor/operator-reset.ts";
import { createSecondFactorRepository } from "#server/modules/second-factor/second-factor.repository.ts";
import type { Database } from "./client.ts";
import { openConfiguredDatabase } from "./open-configured.ts";
import { transactOn } from "./transaction.ts";

/** What the reset reads and writes, on `db`: the member, their second factor, their sessions. */
export function resetDependencies(db: Database, accountChanged: AccountChanged) {
  const sessions = createSessionsRepository(db);
  return {
    findMemberByEmail: createProfileRepository(db).findByEmail,
    transact: transactOn(db),
    repoOn: createSecondFactorRepository,
    endSessions: (userId: string) => sessions.deleteAllForUser(userId),
    accountChanged,
  };
}

/**
 * `tagit reset-authenticator EMAIL`: turns off the authenticator app of the member with that e-mail in the
 * configured database, and tells them by e-mail (SMTP_URL, or the outbox under DATA_DIR). Answers the line to
 * print.
 */
export async function resetAuthenticatorCommand(config: Config, email: string): Promise<string> {
  const log = pino({ level: "warn" });
  const database = await openConfiguredDatabase(config);
  const background = createBackgroundTasks(log);
  try {
    const accountChanges = createAccountChangesService({
      mailer: await configuredMailer(config, log),
      background,
      clock: systemClock,
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
    });
    const result = await resetAuthenticatorApp(resetDependencies(database.db, accountChanges.changed), email);
    await background.drain();
    return operatorResetReport(result);
  } finally {
    await database.close();
  }
}
