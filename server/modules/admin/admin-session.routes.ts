import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminSessionBodySchema, adminSessionResponseSchema } from "#contract/api/admin.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { ADMIN_SESSION_HEADER, requireMember } from "#server/plugins/auth.ts";
import type { AdminSessionService } from "./admin-session.service.ts";

/** `/api/admin/session`: open an admin session (the one unlock route), check that one is still valid, lock. */
export const adminSessionRoutes: FastifyPluginAsyncZod<{ adminSessionService: AdminSessionService }> = async (
  app,
  { adminSessionService },
) => {
  app.post(
    "/session",
    {
      config: {
        adminUnlock: true,
        rateLimit: { max: RATE_LIMITS.adminSession.max, timeWindow: RATE_LIMITS.adminSession.windowMs },
      },
      schema: { body: adminSessionBodySchema, response: { 200: adminSessionResponseSchema } },
    },
    (request) => adminSessionService.unlock(requireMember(request), request.body.password),
  );

  app.get("/session", async () => ({ valid: true }));

  app.delete("/session", { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    // The admin guard has already checked this header against the member session.
    await adminSessionService.lock(String(request.headers[ADMIN_SESSION_HEADER]));
    return reply.status(204).send(null);
  });
};
