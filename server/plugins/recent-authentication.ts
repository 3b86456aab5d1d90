import type { FastifyInstance, preHandlerHookHandler } from "fastify";
import fp from "fastify-plugin";
import { MESSAGES } from "#contract/errors.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import { requireMember } from "./auth.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A sensitive change that needs a recent sign-in: the session must have signed in, or proved it is the
     * member again (`POST /api/auth/reauthenticate`: password, code or passkey), recently; otherwise 403
     * `reauth_required`.
     */
    recentAuthentication?: true;
  }
}

/**
 * Recent authentication, GitHub's "sudo mode": a route that declares `config.recentAuthentication` runs only for
 * a session that proved its member recently, so a stolen or forgotten-open session cannot delete the account or
 * send the earnings elsewhere. Checked after the body is validated, before the handler.
 */
async function recentAuthentication(app: FastifyInstance, opts: { sessions: SessionsService }) {
  const check: preHandlerHookHandler = async (request) => {
    const { sessionId } = requireMember(request);
    if (!(await opts.sessions.recentlyAuthenticated(sessionId))) {
      throw new AppError("reauth_required", MESSAGES.reauthRequired);
    }
  };
  app.addHook("onRoute", (route) => {
    if (!route.config?.recentAuthentication) return;
    const own = route.preHandler === undefined ? [] : [route.preHandler].flat();
    route.preHandler = [check, ...own];
  });
}

export const recentAuthenticationPlugin = fp(recentAuthentication, {
  name: "tagit-recent-authentication",
  dependencies: ["tagit-auth"],
});
