import type { FastifyReply, FastifyRequest } from "fastify";
import type { AuthUser } from "#contract/api/auth.ts";
import type { AuthService } from "./auth.service.ts";

// What the auth module's route files share: the client a session records, a sign-in's answer.

/** The client a new session records: its browser and address. */
export const requestMeta = (request: FastifyRequest) => ({
  userAgent: request.headers["user-agent"]?.slice(0, 500),
  ipAddress: request.ip,
});

type SignInResult = Awaited<ReturnType<AuthService["login"]>>;

/** Signed in (the session cookie), or asked for the second step (only the short sign-in cookie). */
export function answerSignIn(reply: FastifyReply, result: SignInResult) {
  if (result.secondFactor) {
    reply.startSignIn(result.secondFactor.pending);
    return { secondFactorRequired: true as const, methods: result.secondFactor.methods };
  }
  return answerSignedIn(reply, result);
}

/** Signed in: the short sign-in cookie cleared, the session cookie set, and the member answered. */
export function answerSignedIn(
  reply: FastifyReply,
  result: { user: AuthUser; session: { token: string; expiresAt: Date } },
) {
  reply.endSignIn();
  reply.startSession(result.session);
  return { user: result.user };
}
