import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminSessionBodySchema,
  adminSessionResponseSchema,
  adminSessionStatusSchema,
} from "#contract/api/admin.ts";
import { ADMIN_SESSION_IDLE_MINUTES, RATE_LIMITS } from "#contract/limits.ts";
import { clientKey } from "#server/lib/client-address.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { ADMIN_SESSION_HEADER, requireMember } from "#server/plugins/auth.ts";
import type { AdminSessionService } from "./admin-session.service.ts";

/** `/api/admin/session`: open an admin session (the one unlock route), check that one is still valid, lock. */
export const adminSessionRoutes: FastifyPluginAsyncZod<{ adminSessionService: AdminSessionService }> = async (
  app,
  { adminSessionService },
) => {
  app.addHook("onRoute", documentedUnder("Admin session"));
  app.post(
    "/session",
    {
      config: { adminUnlock: true },
      schema: {
        operationId: "openAdminSession",
        summary: "Unlock the admin panel with the administrator's password and second factor",
        description:
          `For a signed-in member. An administrator who gives their password again, with a \`code\` (app or ` +
          `recovery) or a \`passkey\` answering \`POST /api/auth/passkeys/options {purpose: "authenticate"}\`, ` +
          "gets an admin session bound to the member session that opened it, shared by every tab of the " +
          `browser: send its \`sessionId\` as the \`${ADMIN_SESSION_HEADER}\` header on every other /api/admin ` +
          `call. It ends ${ADMIN_SESSION_IDLE_MINUTES} minutes after the last admin call, at Lock, or when the ` +
          "member session ends. 403 `admin_required` " +
          "when the member is not an administrator, 403 `second_factor_required` when they have no second " +
          "factor to give (they enrol one in their security settings first), 403 `wrong_password` for a wrong " +
          "password, 400 `invalid_code` or `passkey_rejected` for a wrong second factor. Wrong tries count per " +
          "account from every address: from the fifth in a row each locks the unlock for 15 minutes (429 " +
          "`rate_limited`), and the tenth in a row ends this member session (401 `unauthenticated`). Failed " +
          `unlocks also count per address: past ${RATE_LIMITS.adminSession.max} in ` +
          `${RATE_LIMITS.adminSession.windowMs / 60_000} minutes, 429 \`rate_limited\`; a successful unlock ` +
          "is never counted.",
        errors: [
          "admin_required",
          "second_factor_required",
          "wrong_password",
          "invalid_code",
          "passkey_rejected",
          "rate_limited",
        ],
        body: adminSessionBodySchema,
        response: { 200: adminSessionResponseSchema },
      },
    },
    (request) =>
      adminSessionService.unlock({ ...requireMember(request), client: clientKey(request.ip) }, request.body),
  );

  app.get(
    "/session",
    {
      schema: {
        operationId: "checkAdminSession",
        summary: "Whether the admin session is still open",
        description:
          `200 while the \`${ADMIN_SESSION_HEADER}\` header names a live admin session of this member session; ` +
          "403 `admin_required` once it was locked, has expired or belongs to another sign-in.",
        response: { 200: adminSessionStatusSchema },
      },
    },
    async () => ({ valid: true as const }),
  );

  app.delete(
    "/session",
    {
      schema: {
        operationId: "closeAdminSession",
        summary: "Lock the admin panel",
        description:
          `Ends the admin session the \`${ADMIN_SESSION_HEADER}\` header names, on the server; the member stays ` +
          "signed in. Takes no request body.",
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      // The admin guard has already checked this header against the member session.
      await adminSessionService.lock(String(request.headers[ADMIN_SESSION_HEADER]));
      return reply.status(204).send(null);
    },
  );
};
