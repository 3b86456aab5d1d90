import type { ProfileRow } from "#server/db/schema/index.ts";
import type { BackgroundTasks } from "#server/lib/background-tasks.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { Mailer } from "#server/lib/mailer.ts";
import { type AccountChange, accountChangeEmail } from "./account-alert-emails.ts";

type Deps = {
  mailer: Mailer;
  background: BackgroundTasks;
  clock: Clock;
  publicUrl: string;
  supportEmail: string | undefined;
};

/**
 * Tells a member about a change to their account's security (password, e-mail, second factor, passkeys, payout
 * details) at the address that was their login before it. These e-mails cannot be muted. Call it once the
 * change has committed: the e-mail leaves in the background, so it never holds up or undoes the change.
 */
export function createAccountChangesService(deps: Deps) {
  return {
    changed(before: Pick<ProfileRow, "email" | "firstName">, change: AccountChange) {
      const at = deps.clock.now();
      deps.background.run("account-change-email", () =>
        deps.mailer.send({
          to: before.email,
          ...accountChangeEmail({
            firstName: before.firstName,
            change,
            at,
            forgotPasswordLink: `${deps.publicUrl}/forgot-password`,
            supportEmail: deps.supportEmail,
          }),
        }),
      );
    },
  };
}

export type AccountChangesService = ReturnType<typeof createAccountChangesService>;
/** What a module that changes the account's security is given: `accountChanges.changed`. */
export type AccountChanged = AccountChangesService["changed"];
export type { AccountChange };
