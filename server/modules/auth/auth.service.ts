import type { AuthUser } from "#contract/api/auth.ts";
import { MESSAGES } from "#contract/errors.ts";
import { INVITATION_TTL_DAYS, RESET_TOKEN_TTL_MINUTES } from "#contract/limits.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { BackgroundTasks } from "#server/lib/background-tasks.ts";
import { addMinutes, type Clock } from "#server/lib/clock.ts";
import { utcDay } from "#server/lib/days.ts";
import type { Mailer } from "#server/lib/mailer.ts";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "#server/lib/passwords.ts";
import { hashToken, newToken } from "#server/lib/tokens.ts";
import type { AccountChangesService } from "#server/modules/account-alerts/account-changes.service.ts";
import type { SignInAlertsService } from "#server/modules/account-alerts/sign-in-alerts.service.ts";
import type { AffiliateService } from "#server/modules/affiliate/affiliate.service.ts";
import {
  hasSecondFactor,
  type SecondFactorProof,
  type SecondFactorService,
  secondFactorMethods,
} from "#server/modules/second-factor/second-factor.service.ts";
import {
  type AccountsRepository,
  createAccountsRepository,
  type LoginChange,
} from "./accounts.repository.ts";
import type { EmailVerificationService } from "./email-verification.service.ts";
import { invitationEmail, passwordResetEmail } from "./password-reset-email.ts";
import { createResetTokensRepository, type ResetTokensRepository } from "./reset-tokens.repository.ts";
import type { SessionsService } from "./sessions.service.ts";

type RequestMeta = { userAgent?: string; ipAddress?: string };
type PasskeyAssertion = Parameters<SecondFactorService["completePasskeySignIn"]>[1];

type Deps = {
  transact: Transact;
  accountsRepo: AccountsRepository;
  resetTokensRepo: ResetTokensRepository;
  sessions: SessionsService;
  referrals: Pick<AffiliateService, "attribute">;
  verification: Pick<EmailVerificationService, "sendLink">;
  secondFactor: Pick<SecondFactorService, "beginSignIn" | "completeSignIn" | "completePasskeySignIn">;
  signInAlerts: Pick<SignInAlertsService, "signedIn" | "redeemWasntMe">;
  accountChanges: Pick<AccountChangesService, "changed">;
  mailer: Mailer;
  background: BackgroundTasks;
  clock: Clock;
  publicUrl: string;
};

function toAuthUser(row: ProfileRow): AuthUser {
  return { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, tagg: row.tagg };
}

export function createAuthService(deps: Deps) {
  const { accountsRepo, sessions, clock } = deps;

  async function signIn(user: ProfileRow, meta: RequestMeta) {
    const session = await sessions.start(user.id, meta);
    return { user: toAuthUser(user), session };
  }

  /** Both factors are proven: the member's sign-in is recorded and a session starts. */
  async function completeSignIn(user: ProfileRow, meta: RequestMeta) {
    const updated = await accountsRepo.recordSignIn(user.id, {
      lastActive: utcDay(clock.now()),
      ipAddress: meta.ipAddress,
    });
    deps.signInAlerts.signedIn(updated ?? user, meta);
    return { ...(await signIn(updated ?? user, meta)), secondFactor: undefined };
  }

  /** A member with a second factor gets a pending sign-in instead of a session: no session before the second step. */
  async function signInOrAskSecondFactor(user: ProfileRow, meta: RequestMeta) {
    if (!hasSecondFactor(user)) return completeSignIn(user, meta);
    const pending = await deps.secondFactor.beginSignIn(user);
    return {
      user: undefined,
      session: undefined,
      secondFactor: { methods: secondFactorMethods(user), pending },
    };
  }

  async function memberProven(userId: string, meta: RequestMeta) {
    const user = await accountsRepo.findById(userId);
    if (!user) throw new AppError("sign_in_expired", MESSAGES.signInExpired);
    return completeSignIn(user, meta);
  }

  return {
    async register(
      input: { firstName: string; lastName: string; email: string; password: string; referralCode?: string },
      meta: RequestMeta,
    ) {
      if (await accountsRepo.findByEmail(input.email)) throw new AppError("email_taken", MESSAGES.emailTaken);
      const user = await accountsRepo.insert({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        passwordChangedAt: clock.now(),
        ipAddress: meta.ipAddress,
        lastActive: utcDay(clock.now()),
      });
      if (!user) throw new AppError("email_taken", MESSAGES.emailTaken);
      deps.signInAlerts.signedIn(user, meta, { first: true });
      if (input.referralCode) await deps.referrals.attribute(user.id, input.referralCode);
      deps.verification.sendLink(user);
      return signIn(user, meta);
    },

    async login(input: { email: string; password: string }, meta: RequestMeta) {
      const user = await accountsRepo.findByEmail(input.email);
      // Verify against a dummy hash for unknown e-mails so both failures take the same time.
      const valid = await verifyPassword(user?.passwordHash ?? DUMMY_PASSWORD_HASH, input.password);
      if (!user || !valid) throw new AppError("invalid_credentials", MESSAGES.invalidCredentials);
      return signInOrAskSecondFactor(user, meta);
    },

    /** The second step of a sign-in that was asked for it: a code or a passkey of that member. */
    async completeSecondFactor(token: string | undefined, proof: SecondFactorProof, meta: RequestMeta) {
      return memberProven(await deps.secondFactor.completeSignIn(token, proof), meta);
    },

    /** A sign-in with a passkey alone. */
    async signInWithPasskey(token: string | undefined, response: PasskeyAssertion, meta: RequestMeta) {
      return memberProven(await deps.secondFactor.completePasskeySignIn(token, response), meta);
    },

    logout: (sessionId: string) => sessions.end(sessionId),

    /** The scheduled clean-up: reset and invitation links used or expired are deleted. */
    deleteSpentResetLinks: () => deps.resetTokensRepo.deleteSpent(clock.now()),

    /** The password or e-mail changed: reset links already sent (maybe to an old address) stop working. */
    revokeResetTokens: (userId: string, tx?: Tx) =>
      (tx ? createResetTokensRepository(tx) : deps.resetTokensRepo).revokeForUser(userId),

    /**
     * A profile an administrator creates, on their transaction: no password (the member sets one through the
     * invitation link), address not yet verified. The caller checks the tagg and the address first.
     */
    createInvited: (values: Pick<ProfileRow, "tagg" | "firstName" | "lastName" | "email" | "bio">, tx: Tx) =>
      createAccountsRepository(tx).insertInvited(values),

    /**
     * The member's own new login address or password, on their profile change's transaction (the profile
     * service checks the current password and the address first).
     */
    changeLogin: (userId: string, change: LoginChange, at: Date, tx: Tx) =>
      createAccountsRepository(tx).changeLogin(userId, change, at),

    /**
     * Removes the member's account on the deletion's transaction (the profile service's `delete`, the one way
     * an account goes); what they own goes with it. Answers the tagg they held, if any.
     */
    deleteAccount: (userId: string, tx: Tx) => createAccountsRepository(tx).delete(userId),

    /**
     * The set-password link of a profile an administrator created: a reset token valid INVITATION_TTL_DAYS,
     * stored on the caller's transaction. Mail it with `sendInvitation` once that transaction has committed.
     */
    async issueInvitation(member: Pick<ProfileRow, "id" | "email" | "firstName">, tx: Tx) {
      const token = newToken();
      await createResetTokensRepository(tx).insert({
        userId: member.id,
        email: member.email,
        tokenHash: hashToken(token),
        expiresAt: addMinutes(clock.now(), INVITATION_TTL_DAYS * 24 * 60),
      });
      const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      return { to: member.email, firstName: member.firstName, link };
    },

    /** Mails an invitation in the background, like every mail (a failure is logged; forgot-password still works). */
    sendInvitation(invitation: { to: string; firstName: string; link: string }) {
      deps.background.run("invitation-email", () =>
        deps.mailer.send({ to: invitation.to, ...invitationEmail(invitation) }),
      );
    },

    /** Answers the same whether or not the account exists; the e-mail leaves in the background. */
    requestPasswordReset(email: string) {
      deps.background.run("password-reset-email", async () => {
        const user = await accountsRepo.findByEmail(email);
        if (!user) return;
        const token = newToken();
        await deps.resetTokensRepo.insert({
          userId: user.id,
          email: user.email,
          tokenHash: hashToken(token),
          expiresAt: addMinutes(clock.now(), RESET_TOKEN_TTL_MINUTES),
        });
        const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await deps.mailer.send({
          to: user.email,
          ...passwordResetEmail({ firstName: user.firstName, link }),
        });
      });
    },

    /**
     * "Wasn't me" from a new-sign-in e-mail: every session of the member ends, the old password stops working
     * and outstanding reset links with it, and a fresh reset token is answered so the member chooses a new
     * password at once (the link proved the address, as a reset link does).
     */
    async wasntMe(token: string) {
      const resetToken = newToken();
      const userId = await deps.transact(async (tx) => {
        const accounts = createAccountsRepository(tx);
        const redeemed = await deps.signInAlerts.redeemWasntMe(token, accounts.isLoginOf, tx);
        if (!redeemed) throw new AppError("invalid_token", MESSAGES.invalidWasntMeToken);
        const member = await accounts.clearPassword(redeemed, clock.now());
        if (!member) throw new AppError("invalid_token", MESSAGES.invalidWasntMeToken);
        const resetTokens = createResetTokensRepository(tx);
        await resetTokens.revokeForUser(member.id);
        await resetTokens.insert({
          userId: member.id,
          email: member.email,
          tokenHash: hashToken(resetToken),
          expiresAt: addMinutes(clock.now(), RESET_TOKEN_TTL_MINUTES),
        });
        return member.id;
      });
      return { signedOut: await sessions.endAllForUser(userId), resetToken };
    },

    /** Redeems a reset token: new password, every old session revoked, and a fresh session for this browser. */
    async resetPassword(input: { token: string; newPassword: string }, meta: RequestMeta) {
      const passwordHash = await hashPassword(input.newPassword);
      const { user, hadPassword } = await deps.transact(async (tx) => {
        const resetTokens = createResetTokensRepository(tx);
        const token = await resetTokens.consume(hashToken(input.token), clock.now());
        if (!token) throw new AppError("invalid_token", MESSAGES.invalidResetToken);
        await resetTokens.revokeForUser(token.userId);
        const accounts = createAccountsRepository(tx);
        const before = await accounts.findById(token.userId);
        const updated = await accounts.setPassword(token.userId, passwordHash, clock.now());
        if (!updated) throw new AppError("invalid_token", MESSAGES.invalidResetToken);
        // The link was mailed to `token.email`: redeeming it proves that address, if it is still the member's.
        const user = (await accounts.markEmailVerified(token.userId, token.email)) ?? updated;
        return { user, hadPassword: Boolean(before?.passwordHash) };
      });
      await sessions.endAllForUser(user.id);
      // A first password (an invitation) or one chosen after "Wasn't me" changes nothing the member did not expect.
      if (hadPassword) deps.accountChanges.changed(user, { kind: "password" });
      // A reset link proves the e-mail, not the second factor: a member who has one still gives it.
      return signInOrAskSecondFactor(user, meta);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
