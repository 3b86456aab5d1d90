import type { SecurityCheckup } from "#contract/api/account-alerts.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import type { SecondFactorService } from "#server/modules/second-factor/second-factor.service.ts";

type Deps = {
  sessions: Pick<SessionsService, "listForUser">;
  secondFactor: Pick<SecondFactorService, "unusedRecoveryCodes">;
};

/** The Security checkup card's figures, all of the signed-in member's own account. */
export function createSecurityCheckupService({ sessions, secondFactor }: Deps) {
  return {
    async of(user: ProfileRow, sessionId: string): Promise<SecurityCheckup> {
      const [live, recoveryCodesLeft] = await Promise.all([
        sessions.listForUser(user.id, sessionId),
        user.totpEnabled ? secondFactor.unusedRecoveryCodes(user.id) : null,
      ]);
      return {
        authenticatorApp: user.totpEnabled,
        passkeys: user.passkeyCount,
        recoveryCodesLeft,
        sessions: live.length,
        passwordChangedAt: user.passwordChangedAt?.toISOString() ?? null,
        newSignInEmails: user.newSignInEmails,
      };
    },
  };
}

export type SecurityCheckupService = ReturnType<typeof createSecurityCheckupService>;
