import { MESSAGES } from "#contract/errors.ts";
import { ADMIN_UNLOCK_GUESSES } from "#contract/limits.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
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
    | "adminUnlockFailures"
    | "recordAdminUnlockFailure"
    | "clearAdminUnlockFailures"
  >;
  secondFactor: Pick<SecondFactorService, "prove">;
  /** Whether the unlock asks for the second factor besides the password (ADMIN_REQUIRE_SECOND_FACTOR). */
  requireSecondFactor: boolean;
  isAdmin: (user: ProfileRow) => boolean;
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

/** The signed-in member asking to open the admin panel. */
type Member = { user: ProfileRow; sessionId: string };

export function createAdminSessionService({
  sessions,
  secondFactor,
  requireSecondFactor,
  isAdmin,
  clock,
}: Deps) {
  /** A wrong password or second factor: counted per account; the tenth in a row ends this member session. */
  async function wrongTry(user: ProfileRow, sessionId: string, error: AppError) {
    const inARow = await sessions.recordAdminUnlockFailure(user.id);
    if (inARow >= ADMIN_UNLOCK_GUESSES.signOutAfter) {
      // A stolen session that keeps guessing loses the session itself.
      await sessions.end(sessionId);
      throw new AppError("unauthenticated", ADMIN_UNLOCK_MESSAGES.signedOut);
    }
    throw error;
  }

  return {
    /**
     * The admin panel asks for the password again and, unless switched off, the second factor: an
     * administrator who gives both receives an admin session, bound to the member session that opened it.
     */
    async unlock({ user, sessionId }: Member, input: UnlockInput) {
      if (!isAdmin(user)) throw new AppError("admin_required", MESSAGES.adminRequired);
      // Counted per account in the database, so guesses from many addresses or instances add up.
      const { failures, lastFailedAt } = await sessions.adminUnlockFailures(user.id);
      const lockedOut =
        failures >= ADMIN_UNLOCK_GUESSES.lockoutAfter &&
        lastFailedAt !== null &&
        clock.now().getTime() - lastFailedAt.getTime() < ADMIN_UNLOCK_GUESSES.lockoutMs;
      if (lockedOut) throw new AppError("rate_limited", ADMIN_UNLOCK_MESSAGES.lockedOut);
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await wrongTry(user, sessionId, new AppError("wrong_password", MESSAGES.wrongCurrentPassword));
      }
      if (requireSecondFactor) {
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
          if (error instanceof AppError && ["invalid_code", "passkey_rejected"].includes(error.code)) {
            await wrongTry(user, sessionId, error);
          }
          throw error;
        }
      }
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
