import { MESSAGES } from "#contract/errors.ts";
import { ADMIN_UNLOCK_GUESSES } from "#contract/limits.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError, TryLaterError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { FailureBudget } from "#server/lib/failure-budget.ts";
import { verifyPassword } from "#server/lib/passwords.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import {
  hasSecondFactor,
  type SecondFactorProof,
  type SecondFactorService,
} from "#server/modules/second-factor/second-factor.service.ts";

type Deps = {
  sessions: Pick<
    SessionsService,
    | "startAdmin"
    | "endAdmin"
    | "end"
    | "reserveAdminUnlock"
    | "giveBackAdminUnlock"
    | "clearAdminUnlockFailures"
  >;
  secondFactor: Pick<SecondFactorService, "prove">;
  /** Whether the unlock asks for the second factor besides the password (ADMIN_REQUIRE_SECOND_FACTOR). */
  requireSecondFactor: boolean;
  isAdmin: (user: ProfileRow) => boolean;
  /** Failed unlocks per client address (RATE_LIMITS.adminSession), whichever accounts they were for. */
  failuresByAddress: FailureBudget;
  clock: Clock;
};

/** What the unlock is given: the password, and a code or a passkey's answer. */
export type UnlockInput = {
  password: string;
  code?: string;
  passkey?: Extract<SecondFactorProof, { passkey: unknown }>["passkey"];
};

export const ADMIN_UNLOCK_MESSAGES = {
  lockedOut: "Too many wrong passwords. Please wait 15 minutes and try again.",
  signedOut: "Too many wrong passwords: you have been signed out. Sign in again to continue.",
  codeRequired: "Enter the code from your authenticator app, or use your passkey",
} as const;

/** The signed-in member asking to open the admin panel, and the key of the client they ask from. */
type Member = { user: ProfileRow; sessionId: string; client: string };

export function createAdminSessionService({
  sessions,
  secondFactor,
  requireSecondFactor,
  isAdmin,
  failuresByAddress,
  clock,
}: Deps) {
  /**
   * Checks the password and, when required, the second factor: answers the refusal of a wrong one (a guess),
   * nothing when both are right; other refusals are thrown.
   */
  async function wrongSecret(user: ProfileRow, sessionId: string, input: UnlockInput) {
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      return new AppError("wrong_password", MESSAGES.wrongCurrentPassword, {
        password: MESSAGES.wrongCurrentPassword,
      });
    }
    if (!requireSecondFactor) return undefined;
    if (!hasSecondFactor(user)) {
      throw new AppError("second_factor_required", MESSAGES.secondFactorRequired);
    }
    const proof =
      input.code !== undefined ? { code: input.code } : input.passkey && { passkey: input.passkey };
    if (!proof) {
      throw new AppError("validation", ADMIN_UNLOCK_MESSAGES.codeRequired, {
        code: ADMIN_UNLOCK_MESSAGES.codeRequired,
      });
    }
    try {
      await secondFactor.prove(user, sessionId, proof);
    } catch (error) {
      if (error instanceof AppError && ["invalid_code", "passkey_rejected"].includes(error.code))
        return error;
      throw error;
    }
    return undefined;
  }

  return {
    /**
     * The admin panel asks for the password again and, unless switched off, the second factor: an
     * administrator who gives both receives an admin session, bound to the member session that opened it.
     */
    async unlock({ user, sessionId, client }: Member, input: UnlockInput) {
      if (!isAdmin(user)) throw new AppError("admin_required", MESSAGES.adminRequired);
      // Each try takes its place in both counts before anything is checked, so tries sent at once cannot all
      // be checked: per account in the database (guesses from many addresses or instances add up), and per
      // address (guesses at many accounts from one place add up).
      const waitMs = await failuresByAddress.reserve(client);
      if (waitMs > 0) throw new TryLaterError(MESSAGES.rateLimited, Math.ceil(waitMs / 1000));
      const inARow = await sessions.reserveAdminUnlock(user.id, {
        after: ADMIN_UNLOCK_GUESSES.lockoutAfter,
        since: new Date(clock.now().getTime() - ADMIN_UNLOCK_GUESSES.lockoutMs),
      });
      if (inARow === undefined) {
        await failuresByAddress.giveBack(client);
        throw new AppError("rate_limited", ADMIN_UNLOCK_MESSAGES.lockedOut);
      }
      let wrong: AppError | undefined;
      try {
        wrong = await wrongSecret(user, sessionId, input);
      } catch (error) {
        // Refused for another reason than a wrong secret: the try guessed nothing and is given back.
        await sessions.giveBackAdminUnlock(user.id, ADMIN_UNLOCK_GUESSES.lockoutAfter);
        await failuresByAddress.giveBack(client);
        throw error;
      }
      if (wrong) {
        if (inARow < ADMIN_UNLOCK_GUESSES.signOutAfter) throw wrong;
        // A stolen session that keeps guessing loses the session itself.
        await sessions.end(sessionId);
        throw new AppError("unauthenticated", ADMIN_UNLOCK_MESSAGES.signedOut);
      }
      // A success spends nothing, so an administrator who unlocks often is never held up.
      await failuresByAddress.giveBack(client);
      await sessions.clearAdminUnlockFailures(user.id);
      return { sessionId: await sessions.startAdmin(user.id, sessionId) };
    },

    /** Lock: the admin session ends on the server, so the id left in the browser opens nothing. */
    lock(adminToken: string) {
      return sessions.endAdmin(adminToken);
    },
  };
}

export type AdminSessionService = ReturnType<typeof createAdminSessionService>;
