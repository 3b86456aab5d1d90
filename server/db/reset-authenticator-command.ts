import path from "node:path";
import pino from "pino";
import type { Config } from "#server/config.ts";
import { createBackgroundTasks } from "#server/lib/background-tasks.ts";
import { systemClock } from "#server/lib/clock.ts";
import { createMailer } from "#server/lib/mailer.ts";
import { createAccountChangesService } from "#server/modules/account-alerts/account-changes.service.ts";
import { createSessionsRepository } from "#server/modules/auth/sessions.repository.ts";
import { createProfileRepository } from "#server/modules/profile/profile.repository.ts";
import { operatorResetReport, resetAuthenticatorApp } from "#server/modules/second-factor/operator-reset.ts";
import { createSecondFactorRepository } from "#server/modules/second-factor/second-factor.repository.ts";
import { openConfiguredDatabase } from "./open-configured.ts";
import { transactOn } from "./transaction.ts";

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
    const mailer = await createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, "outbox"),
      log,
    });
    const accountChanges = createAccountChangesService({
      mailer,
      background,
      clock: systemClock,
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
    });
    const sessions = createSessionsRepository(database.db);
    const result = await resetAuthenticatorApp(
      {
        findMemberByEmail: createProfileRepository(database.db).findByEmail,
        transact: transactOn(database.db),
        repoOn: createSecondFactorRepository,
        endSessions: (userId) => sessions.deleteAllForUser(userId),
        accountChanged: accountChanges.changed,
      },
      email,
    );
    await background.drain();
    return operatorResetReport(result);
  } finally {
    await database.close();
  }
}
