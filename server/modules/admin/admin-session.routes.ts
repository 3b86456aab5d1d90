import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminSessionBodySchema, adminSessionResponseSchema } from "#contract/api/admin.ts";
import { MESSAGES } from "#contract/errors.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import { verifyPassword } from "#server/lib/passwords.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import { requireMember } from "#server/plugins/auth.ts";

type Options = { sessions: SessionsService; isAdmin: (row: ProfileRow) => boolean };

/** The admin panel re-asks for the password and receives an admin session bound to the member session. */
export const adminSessionRoutes: FastifyPluginAsyncZod<Options> = async (app, { sessions, isAdmin }) => {
  app.post(
    "/api/admin/session",
    {
      config: {
        access: "member",
        rateLimit: { max: RATE_LIMITS.adminSession.max, timeWindow: RATE_LIMITS.adminSession.windowMs },
      },
      schema: { body: adminSessionBodySchema, response: { 200: adminSessionResponseSchema } },
    },
    async (request) => {
      const { user, sessionId } = requireMember(request);
      if (!isAdmin(user)) throw new AppError("admin_required", MESSAGES.adminRequired);
      if (!(await verifyPassword(user.passwordHash, request.body.password))) {
        throw new AppError("wrong_password", MESSAGES.wrongCurrentPassword);
      }
      return { sessionId: await sessions.startAdmin(user.id, sessionId) };
    },
  );

  app.get("/api/admin/session", { config: { access: "admin" } }, async () => ({ valid: true }));
};
