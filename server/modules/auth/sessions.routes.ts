import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  revokeOtherSessionsResponseSchema,
  SESSION_MESSAGES,
  sessionIdParamsSchema,
  signedInSessionListSchema,
} from "#contract/api/sessions.ts";
import { AppError } from "#server/lib/app-error.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { SessionsService } from "./sessions.service.ts";

const member = { access: "member" } as const;

/** Where am I signed in: the member's sessions, signing one out, signing out everywhere else. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (
  app,
  { sessions },
) => {
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
};
