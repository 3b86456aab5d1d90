import type { Profile } from "#contract/api/profile.ts";
import { MESSAGES } from "#contract/errors.ts";
import { EMAIL_VERIFICATION_TTL_HOURS } from "#contract/limits.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Transact } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { BackgroundTasks } from "#server/lib/background-tasks.ts";
import { addMinutes, type Clock } from "#server/lib/clock.ts";
import type { Mailer } from "#server/lib/mailer.ts";
import { hashToken, newToken } from "#server/lib/tokens.ts";
import { toProfile } from "#server/modules/profile/profile.mapper.ts";
import { createAccountsRepository } from "./accounts.repository.ts";
import { emailChangeRequestedEmail, verifyEmailEmail } from "./verification-emails.ts";
import {
  createVerificationTokensRepository,
  type VerificationTokensRepository,
} from "./verification-tokens.repository.ts";

type Deps = {
  transact: Transact;
  tokensRepo: VerificationTokensRepository;
  mailer: Mailer;
  background: BackgroundTasks;
  clock: Clock;
  publicUrl: string;
  isAdmin: (row: ProfileRow) => boolean;
};

type Member = Pick<ProfileRow, "id" | "email" | "firstName">;

/** Proves a member owns their address: a single-use link (stored hashed, valid 24 h) to that address. */
export function createEmailVerificationService(deps: Deps) {
  const { tokensRepo, clock } = deps;

  async function mailLink(member: Member) {
    const token = newToken();
    await tokensRepo.insert({
      userId: member.id,
      email: member.email,
      tokenHash: hashToken(token),
      expiresAt: addMinutes(clock.now(), EMAIL_VERIFICATION_TTL_HOURS * 60),
    });
    const link = `${deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await deps.mailer.send({ to: member.email, ...verifyEmailEmail({ firstName: member.firstName, link }) });
  }

  return {
    /** After registration: the link leaves in the background. */
    sendLink(member: Member) {
      deps.background.run("verification-email", () => mailLink(member));
    },

    /** The scheduled clean-up: links used or expired are deleted. */
    deleteSpentLinks: () => tokensRepo.deleteSpent(clock.now()),

    /** A new link for an unverified member; nothing for a verified one. */
    resend(member: ProfileRow) {
      if (member.emailVerified) return;
      deps.background.run("verification-email", () => mailLink(member));
    },

    /**
     * The address changed: links to the old one stop working and the new one gets a link (the old one's notice
     * is the account-alerts module's).
     */
    emailChanged(member: Member) {
      deps.background.run("email-changed", async () => {
        await tokensRepo.revokeForUser(member.id);
        await mailLink(member);
      });
    },

    /**
     * An administrator asked to move the member's login to `newEmail`: the member hears of it at their current
     * address (in the background). The new address gets nothing until the member confirms the change.
     */
    emailChangeRequested(member: Member, newEmail: string) {
      deps.background.run("email-change-requested", () =>
        deps.mailer.send({
          to: member.email,
          ...emailChangeRequestedEmail({
            firstName: member.firstName,
            newEmail,
            link: `${deps.publicUrl}/dashboard`,
          }),
        }),
      );
    },

    /** Redeems a link; it verifies only the address it was sent to, and only if that is still the member's. */
    async verify(token: string): Promise<Profile> {
      const row = await deps.transact(async (tx) => {
        const redeemed = await createVerificationTokensRepository(tx).consume(hashToken(token), clock.now());
        if (!redeemed) throw new AppError("invalid_token", MESSAGES.invalidVerificationToken);
        const verified = await createAccountsRepository(tx).markEmailVerified(
          redeemed.userId,
          redeemed.email,
        );
        if (!verified) throw new AppError("invalid_token", MESSAGES.invalidVerificationToken);
        await createVerificationTokensRepository(tx).revokeForUser(redeemed.userId);
        return verified;
      });
      return toProfile(row, { isAdmin: deps.isAdmin(row), now: clock.now() });
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
