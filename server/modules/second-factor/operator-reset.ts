import { emailSchema } from "#contract/api/auth.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { AccountChanged } from "#server/modules/account-alerts/account-changes.service.ts";
import type { SecondFactorRepository } from "./second-factor.repository.ts";

type Deps = {
  findMemberByEmail: (email: string) => Promise<ProfileRow | undefined>;
  transact: Transact;
  repoOn: (tx: Tx) => SecondFactorRepository;
  /** Ends every session of the member; answers how many ended. */
  endSessions: (userId: string) => Promise<number>;
  accountChanged: AccountChanged;
};

export type OperatorResetResult = { email: string; changed: boolean; sessionsEnded: number };

/**
 * The operator turns a member's authenticator app off (`tagit reset-authenticator EMAIL`), for a member who
 * lost both the app and their recovery codes, or whose codes stopped working because APP_SECRET was replaced.
 * As when members turn it off themselves: the app's key and the recovery codes go, every session ends, and an
 * e-mail tells them. Passkeys stay: they do not depend on APP_SECRET, and only their holder can use them.
 */
export async function resetAuthenticatorApp(deps: Deps, rawEmail: string): Promise<OperatorResetResult> {
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) throw new AppError("validation", `Not an e-mail address: ${rawEmail}`);
  const email = parsed.data;
  const member = await deps.findMemberByEmail(email);
  if (!member) throw new AppError("not_found", `No member has the e-mail address ${email}`);
  if (!member.totpEnabled) return { email, changed: false, sessionsEnded: 0 };
  await deps.transact((tx) => deps.repoOn(tx).deleteTotp(member.id));
  const sessionsEnded = await deps.endSessions(member.id);
  deps.accountChanged(member, { kind: "authenticator_off" });
  return { email, changed: true, sessionsEnded };
}

/** What `tagit reset-authenticator` prints. */
export function operatorResetReport(result: OperatorResetResult) {
  if (!result.changed) return `${result.email} has no authenticator app turned on: nothing changed.`;
  return [
    `The authenticator app of ${result.email} is off, with its recovery codes.`,
    `${result.sessionsEnded} session(s) ended; an e-mail tells them. They sign in with their password and may set the app up again.`,
  ].join("\n");
}
