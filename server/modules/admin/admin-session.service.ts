import { MESSAGES } from "#contract/errors.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import { verifyPassword } from "#server/lib/passwords.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";

type Deps = {
  sessions: Pick<SessionsService, "startAdmin" | "endAdmin">;
  isAdmin: (user: ProfileRow) => boolean;
};

/** The signed-in member asking to open the admin panel. */
type Member = { user: ProfileRow; sessionId: string };

export function createAdminSessionService({ sessions, isAdmin }: Deps) {
  return {
    /**
     * The admin panel asks for the password again: an administrator who gives it receives an admin session,
     * bound to the member session that opened it.
     */
    async unlock({ user, sessionId }: Member, password: string) {
      if (!isAdmin(user)) throw new AppError("admin_required", MESSAGES.adminRequired);
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new AppError("wrong_password", MESSAGES.wrongCurrentPassword);
      }
      return { sessionId: await sessions.startAdmin(user.id, sessionId) };
    },

    /** Lock: the admin session ends on the server, so the id left in the browser opens nothing. */
    lock(adminToken: string) {
      return sessions.endAdmin(adminToken);
    },
  };
}

export type AdminSessionService = ReturnType<typeof createAdminSessionService>;
