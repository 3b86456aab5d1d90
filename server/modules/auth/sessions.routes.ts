import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  reauthenticateBodySchema,
  revokeOtherSessionsResponseSchema,
  SESSION_MESSAGES,
  sessionIdParamsSchema,
  signedInSessionListSchema,
} from "#contract/api/sessions.ts";
import { RATE_LIMITS, RECENT_AUTHENTICATION_MINUTES } from "#contract/limits.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { SecondFactorService } from "#server/modules/second-factor/second-factor.service.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { attemptLimit } from "#server/plugins/attempt-limit.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { SessionsService } from "./sessions.service.ts";

const member = { access: "member" } as const;

/**
 * Where am I signed in: the member's sessions, signing one out, signing out everywhere else; and proving it is
 * me again in this session (password, code or passkey), which a change that needs a recent sign-in asks for.
 */
export const sessionsRoutes: FastifyPluginAsyncZod<{
  sessions: SessionsService;
  secondFactor: Pick<SecondFactorService, "prove">;
}> = async (app, { sessions, secondFactor }) => {
  app.addHook("onRoute", documentedUnder("Auth"));

  app.get(
    "/api/auth/sessions",
    {
      config: member,
      schema: {
        operationId: "listOwnSessions",
        summary: "List where I am signed in",
        description:
          "Each unexpired session: its device (browser and system, from the user agent it signed in with), " +
          "when it began, and the day it was last used. `current` marks the session of this request.",
        response: { 200: signedInSessionListSchema },
      },
    },
    (request) => {
      const { user, sessionId } = requireMember(request);
      return sessions.listForUser(user.id, sessionId);
    },
  );

  app.delete(
    "/api/auth/sessions/:id",
    {
      config: member,
      schema: {
        operationId: "signOutSession",
        summary: "Sign out one of my other sessions",
        description:
          "Ends the session at once, on every instance (its live stream closes too). The session of this " +
          "request is refused with `validation`: sign out instead. Another member's session is `not_found`.",
        params: sessionIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = requireMember(request);
      const { id } = request.params;
      if (id === sessionId)
        throw new AppError("validation", SESSION_MESSAGES.current, { id: SESSION_MESSAGES.current });
      if (!(await sessions.isLiveOf(user.id, id))) throw new AppError("not_found", SESSION_MESSAGES.notFound);
      await sessions.end(id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/auth/sessions/revoke-others",
    {
      config: member,
      schema: {
        operationId: "signOutOtherSessions",
        summary: "Sign out everywhere else",
        description: "Ends every session of mine but the one of this request; answers how many ended.",
        response: { 200: revokeOtherSessionsResponseSchema },
      },
    },
    async (request) => {
      const { user, sessionId } = requireMember(request);
      return { revoked: await sessions.endAllForUser(user.id, sessionId) };
    },
  );

  app.post(
    "/api/auth/reauthenticate",
    {
      config: member,
      schema: {
        operationId: "reauthenticate",
        summary: "Prove it is me again before a change that needs a recent sign-in",
        description:
          "Deleting the account, requesting a payout and changing the second factor need a sign-in or this " +
          `call within the last ${RECENT_AUTHENTICATION_MINUTES} minutes; otherwise they answer 403 ` +
          "`reauth_required`. Takes the password, or a code (app or recovery) or a passkey's answer to " +
          '`POST /api/auth/passkeys/options {purpose: "authenticate"}`. A wrong password is 403 ' +
          "`wrong_password`, a wrong code 400 `invalid_code`, a passkey that does not verify 400 " +
          "`passkey_rejected`; a few wrong tries per member, then 429 `rate_limited`.",
        errors: ["wrong_password", "invalid_code", "passkey_rejected", "rate_limited"],
        body: reauthenticateBodySchema,
        response: { 204: z.null() },
      },
      // Guessing the password through a stolen session: the same small budget per member as a password change.
      preHandler: attemptLimit(
        app,
        "current-password",
        RATE_LIMITS.currentPassword,
        (request) => requireMember(request).user.id,
      ),
    },
    async (request, reply) => {
      const { user, sessionId } = requireMember(request);
      const { body } = request;
      if ("currentPassword" in body) {
        await sessions.reauthenticate(user, sessionId, body.currentPassword);
      } else {
        await secondFactor.prove(user, sessionId, body);
        await sessions.markReauthenticated(sessionId);
      }
      return reply.status(204).send(null);
    },
  );
};
