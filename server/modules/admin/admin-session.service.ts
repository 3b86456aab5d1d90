import { MESSAGES } from "#contract/errors.ts";
import { ADMIN_UNLOCK_GUESSES } from "#contract/limits.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import { verifyPassword } from "#server/lib/passwords.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";

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
  isAdmin: (user: ProfileRow) => boolean;
  clock: Clock;
};

export const ADMIN_UNLOCK_MESSAGES = {
  lockedOut: "Too many wrong passwords. Please wait 15 minutes and try again.",
  signedOut: "Too many wrong passwords: you have been signed out. Sign in again to continue.",
} as const;

/** The signed-in member asking to open the admin panel. */
type Member = { user: ProfileRow; sessionId: string };

export function createAdminSessionService({ sessions, isAdmin, clock }: Deps) {
  return {
    /**
     * The admin panel asks for the password again: an administrator who gives it receives an admin session,
     * bound to the member session that opened it.
     */
    async unlock({ user, sessionId }: Member, password: string) {
      if (!isAdmin(user)) throw new AppError("admin_required", MESSAGES.adminRequired);
      // Counted per account in the database, so guesses from many addresses or instances add up.
      const { failures, lastFailedAt } = await sessions.adminUnlockFailures(user.id);
      const lockedOut =
        failures >= ADMIN_UNLOCK_GUESSES.lockoutAfter &&
        lastFailedAt !== null &&
        clock.now().getTime() - lastFailedAt.getTime() < ADMIN_UNLOCK_GUESSES.lockoutMs;
      if (lockedOut) throw new AppError("rate_limited", ADMIN_UNLOCK_MESSAGES.lockedOut);
      if (!(await verifyPassword(user.passwordHash, password))) {
        const inARow = await sessions.recordAdminUnlockFailure(user.id);
        if (inARow >= ADMIN_UNLOCK_GUESSES.signOutAfter) {
          // A stolen session that keeps guessing loses the session itself.
          await sessions.end(sessionId);
          throw new AppError("unauthenticated", ADMIN_UNLOCK_MESSAGES.signedOut);
        }
        throw new AppError("wrong_password", MESSAGES.wrongCurrentPassword);
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
