import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import {
  SECOND_FACTOR_MESSAGES,
  type SecondFactorMethod,
  type TotpSetupResponse,
} from "#contract/api/second-factor.ts";
import { MESSAGES } from "#contract/errors.ts";
import { CODE_GUESSES, PENDING_SIGN_IN, TOTP } from "#contract/limits.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Transact, Tx } from "#server/db/transaction.ts";
import { AppError } from "#server/lib/app-error.ts";
import { addMinutes, type Clock } from "#server/lib/clock.ts";
import type { KeyedDigest, SecretBox } from "#server/lib/secret-box.ts";
import { hashToken, newToken } from "#server/lib/tokens.ts";
import type { AccountChanged } from "#server/modules/account-alerts/account-changes.service.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import type { PasskeysService } from "./passkeys.service.ts";
import { newRecoveryCodes, recoveryCodeDigest } from "./recovery-codes.ts";
import type { SecondFactorRepository } from "./second-factor.repository.ts";
import { acceptedStep, newTotpSecret, totpAddress } from "./totp.ts";

type Deps = {
  repo: SecondFactorRepository;
  repoOn: (tx: Tx) => SecondFactorRepository;
  transact: Transact;
  passkeys: PasskeysService;
  sessions: Pick<SessionsService, "endAllForUser">;
  /** Seals TOTP secrets at rest, each bound to its member's row. */
  secretBox: SecretBox;
  /** Digests recovery codes at rest under a key of their own. */
  recoveryCodeKey: KeyedDigest;
  clock: Clock;
  /** The second factor changed: the member hears of it (in the background). */
  accountChanged: AccountChanged;
};

/** A proof of the second factor: a code (from the app, or a recovery code) or a passkey's answer. */
export type SecondFactorProof = { code: string } | { passkey: AuthenticationResponseJSON };

/** A wrong code, named on the body's `code` field: every form that sends one shows it there. */
const invalidCode = () => new AppError("invalid_code", MESSAGES.invalidCode, { code: MESSAGES.invalidCode });
const signInExpired = (message: string = MESSAGES.signInExpired) => new AppError("sign_in_expired", message);

/** Whether a member signs in with more than a password. */
export const hasSecondFactor = (user: Pick<ProfileRow, "totpEnabled" | "passkeyCount">) =>
  user.totpEnabled || user.passkeyCount > 0;

/** The ways a member can complete a sign-in, in the order the web offers them. */
export function secondFactorMethods(user: Pick<ProfileRow, "totpEnabled" | "passkeyCount">) {
  const methods: SecondFactorMethod[] = [];
  if (user.totpEnabled) methods.push("totp", "recovery");
  if (user.passkeyCount > 0) methods.push("passkey");
  return methods;
}

/**
 * The second factor: the authenticator app (set up, confirmed, turned off), recovery codes, proving a code, and
 * sign-ins waiting for their second step (or for a passkey alone). Passkeys themselves are `PasskeysService`.
 */
export function createSecondFactorService(deps: Deps) {
  const { repo, clock, secretBox, recoveryCodeKey, passkeys } = deps;
  const digestOf = (code: string) => recoveryCodeDigest(recoveryCodeKey, code);

  /**
   * Whether `code` (the app's, or a recovery code) proves the member. Each app code is accepted once and each
   * recovery code spent once. Wrong codes count per account: from the CODE_GUESSES.lockoutAfter-th in a row,
   * code entry is locked for a while, whichever sign-in or address they come from.
   */
  async function checkCode(userId: string, code: string): Promise<boolean> {
    const totp = await repo.findTotp(userId);
    if (!totp?.enabledAt) return false;
    const now = clock.now();
    // The guess is counted before the code is checked, so codes sent at once cannot all be checked.
    const lockout = {
      after: CODE_GUESSES.lockoutAfter,
      since: new Date(now.getTime() - CODE_GUESSES.lockoutMs),
    };
    if ((await repo.reserveCodeGuess(userId, now, lockout)) === undefined) {
      throw new AppError("rate_limited", MESSAGES.codesLockedOut);
    }
    let accepted: boolean;
    if (/^\d+$/.test(code)) {
      const secret = secretBox.open(totp.sealedSecret, userId);
      const step = await acceptedStep(secret, code, now, totp.lastUsedStep);
      accepted = step !== null && (await repo.takeStep(userId, step));
    } else {
      accepted = await repo.spendRecoveryCode(userId, digestOf(code), now);
    }
    // A right code starts the count again.
    if (accepted) await repo.clearCodeFailures(userId);
    return accepted;
  }

  /** The member proves the second factor in a signed-in session (confirming it is them, the admin unlock). */
  async function prove(user: ProfileRow, sessionId: string, proof: SecondFactorProof) {
    if ("code" in proof) {
      if (!(await checkCode(user.id, proof.code))) throw invalidCode();
      return;
    }
    await passkeys.confirm(user, sessionId, proof.passkey);
  }

  async function newSignIn(
    kind: "second_factor" | "passkey_sign_in",
    userId: string | null,
    challenge?: string,
  ) {
    const token = newToken();
    const expiresAt = addMinutes(clock.now(), PENDING_SIGN_IN.minutes);
    await repo.insertChallenge({ kind, tokenHash: hashToken(token), userId, challenge, expiresAt });
    return { token, expiresAt };
  }

  const findSignIn = (token: string | undefined) =>
    token ? repo.findSignIn(hashToken(token), clock.now()) : Promise.resolve(undefined);

  return {
    checkCode,
    prove,

    /** The password was right and the member has a second factor: a sign-in waits for it (no session yet). */
    beginSignIn: (user: ProfileRow) => newSignIn("second_factor", user.id),

    /**
     * WebAuthn options to sign in: for the sign-in the cookie names (the second step, that member's passkeys),
     * or for a new sign-in with a passkey alone (any passkey of the site; its cookie is `signIn`).
     */
    async signInPasskeyOptions(token: string | undefined) {
      const pending = await findSignIn(token);
      if (pending?.kind === "second_factor" && pending.userId) {
        const options = await passkeys.authenticationOptions(pending.userId, "second-step");
        await repo.setChallenge(pending.id, options.challenge);
        return { options, signIn: undefined };
      }
      const options = await passkeys.authenticationOptions(null, "sign-in");
      return { options, signIn: await newSignIn("passkey_sign_in", null, options.challenge) };
    },

    /**
     * The second step of a sign-in: answers the member it proves. A wrong code counts against this sign-in
     * (after PENDING_SIGN_IN.wrongCodes it ends) and against the account; the sign-in is used once.
     */
    async completeSignIn(token: string | undefined, proof: SecondFactorProof): Promise<string> {
      const pending = await findSignIn(token);
      if (pending?.kind !== "second_factor" || !pending.userId) throw signInExpired();
      const userId = pending.userId;
      if ("code" in proof) {
        // Counted on the sign-in before the code is checked: past its budget the sign-in has ended.
        const guesses = await repo.reserveSignInGuess(pending.id, PENDING_SIGN_IN.wrongCodes, clock.now());
        if (guesses === undefined) throw signInExpired();
        const accepted = await checkCode(userId, proof.code).catch(async (error: unknown) => {
          await repo.giveBackSignInGuess(pending.id); // locked per account: this code was not checked
          throw error;
        });
        if (!accepted) {
          if (guesses < PENDING_SIGN_IN.wrongCodes) throw invalidCode();
          await repo.takeChallenge(pending.id);
          throw signInExpired(MESSAGES.tooManyCodes);
        }
      } else {
        // The challenge is answered once, right or wrong: a failed passkey asks for new options.
        if (!pending.challenge) throw new AppError("passkey_rejected", MESSAGES.passkeyRejected);
        await repo.setChallenge(pending.id, "");
        await passkeys.verifyAssertion(pending.challenge, proof.passkey, userId, "second-step");
      }
      if (!(await repo.takeChallenge(pending.id))) throw signInExpired();
      return userId;
    },

    /** A sign-in with a passkey alone (user verification required): answers the passkey's member. */
    async completePasskeySignIn(token: string | undefined, response: AuthenticationResponseJSON) {
      const pending = await findSignIn(token);
      if (pending?.kind !== "passkey_sign_in" || !pending.challenge) throw signInExpired();
      if (!(await repo.takeChallenge(pending.id))) throw signInExpired();
      return passkeys.verifyAssertion(pending.challenge, response, null, "sign-in");
    },

    /** A new authenticator-app key for the member, waiting for a first code to confirm it. */
    async setupTotp(user: ProfileRow): Promise<TotpSetupResponse> {
      if (user.totpEnabled) throw new AppError("conflict", SECOND_FACTOR_MESSAGES.alreadyEnabled);
      const secret = newTotpSecret();
      const saved = await repo.savePendingTotp(user.id, secretBox.seal(secret, user.id), clock.now());
      if (!saved) throw new AppError("conflict", SECOND_FACTOR_MESSAGES.alreadyEnabled);
      return { secret, otpauthUrl: totpAddress(secret, user.email) };
    },

    /**
     * The first code confirms the setup: the app guards the account from now on, ten recovery codes are issued
     * (answered once), and the member's other sessions end.
     */
    async enableTotp(user: ProfileRow, sessionId: string, code: string) {
      const pending = await repo.findTotp(user.id);
      const now = clock.now();
      const fresh =
        pending &&
        !pending.enabledAt &&
        addMinutes(pending.createdAt, TOTP.setupMinutes).getTime() > now.getTime();
      if (!pending || !fresh) throw new AppError("conflict", SECOND_FACTOR_MESSAGES.noSetup);
      const step = await acceptedStep(secretBox.open(pending.sealedSecret, user.id), code, now, null);
      if (step === null) throw invalidCode();
      const recoveryCodes = newRecoveryCodes();
      await deps.transact(async (tx) => {
        const inTx = deps.repoOn(tx);
        await inTx.enableTotp(user.id, step, now);
        await inTx.replaceRecoveryCodes(user.id, recoveryCodes.map(digestOf));
      });
      await deps.sessions.endAllForUser(user.id, sessionId);
      deps.accountChanged(user, { kind: "authenticator_on" });
      return { recoveryCodes };
    },

    /** Turns the app off with one of its codes or a recovery code; the codes go too, other sessions end. */
    async disableTotp(user: ProfileRow, sessionId: string, code: string) {
      if (!user.totpEnabled) throw new AppError("conflict", SECOND_FACTOR_MESSAGES.notEnabled);
      if (!(await checkCode(user.id, code))) throw invalidCode();
      await deps.transact((tx) => deps.repoOn(tx).deleteTotp(user.id));
      await deps.sessions.endAllForUser(user.id, sessionId);
      deps.accountChanged(user, { kind: "authenticator_off" });
    },

    /** Ten new recovery codes replace the old ones (used or not). */
    async regenerateRecoveryCodes(user: ProfileRow) {
      if (!user.totpEnabled) throw new AppError("conflict", SECOND_FACTOR_MESSAGES.notEnabled);
      const recoveryCodes = newRecoveryCodes();
      await deps.transact((tx) => deps.repoOn(tx).replaceRecoveryCodes(user.id, recoveryCodes.map(digestOf)));
      deps.accountChanged(user, { kind: "recovery_codes" });
      return { recoveryCodes };
    },

    unusedRecoveryCodes: (userId: string) => repo.unusedRecoveryCodes(userId),

    /** The clean-up: sign-ins and challenges past their time, and setups never confirmed. */
    async deleteSpent() {
      const now = clock.now();
      const challenges = await repo.deleteExpiredChallenges(now);
      const setups = await repo.deleteStaleTotpSetups(addMinutes(now, -TOTP.setupMinutes));
      return challenges + setups;
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
