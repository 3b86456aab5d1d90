import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  authResponseSchema,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordBodySchema,
  loginBodySchema,
  messageResponseSchema,
  RESEND_VERIFICATION_MESSAGE,
  registerBodySchema,
  resendVerificationResponseSchema,
  resetPasswordBodySchema,
  resetPasswordResponseSchema,
  verifyEmailBodySchema,
} from "#contract/api/auth.ts";
import { profileResponseSchema } from "#contract/api/profile.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { attemptLimit } from "#server/plugins/attempt-limit.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AuthService } from "./auth.service.ts";
import type { EmailVerificationService } from "./email-verification.service.ts";

const rateLimit = ({ max, windowMs }: { max: number; windowMs: number }) => ({ max, timeWindow: windowMs });

const requestMeta = (request: FastifyRequest) => ({
  userAgent: request.headers["user-agent"]?.slice(0, 500),
  ipAddress: request.ip,
});

export const authRoutes: FastifyPluginAsyncZod<{
  authService: AuthService;
  emailVerificationService: EmailVerificationService;
}> = async (app, { authService, emailVerificationService }) => {
  app.post(
    "/api/auth/register",
    {
      schema: { body: registerBodySchema, response: { 201: authResponseSchema } },
      config: { access: "public", rateLimit: rateLimit(RATE_LIMITS.register) },
    },
    async (request, reply) => {
      const { user, session } = await authService.register(request.body, requestMeta(request));
      reply.startSession(session);
      return reply.status(201).send({ user });
    },
  );

  app.post(
    "/api/auth/login",
    {
      schema: { body: loginBodySchema, response: { 200: authResponseSchema } },
      config: { access: "public", rateLimit: rateLimit(RATE_LIMITS.login) },
      // Validated by now: the e-mail is trimmed and lower-cased, so one account is one key.
      preHandler: attemptLimit(
        app,
        "login-account",
        RATE_LIMITS.loginPerAccount,
        (request) => (request.body as { email: string }).email,
      ),
    },
    async (request, reply) => {
      const { user, session } = await authService.login(request.body, requestMeta(request));
      reply.startSession(session);
      return { user };
    },
  );

  app.post("/api/logout", { config: { access: "member" } }, async (request, reply) => {
    await authService.logout(requireMember(request).sessionId);
    reply.endSession();
    return { success: true };
  });

  for (const url of ["/api/auth/forgot-password", "/api/forgot-password"]) {
    app.post(
      url,
      {
        schema: { body: forgotPasswordBodySchema, response: { 200: messageResponseSchema } },
        config: { access: "public", rateLimit: rateLimit(RATE_LIMITS.forgotPassword) },
      },
      async (request) => {
        authService.requestPasswordReset(request.body.email);
        return { message: FORGOT_PASSWORD_MESSAGE };
      },
    );
  }

  app.post(
    "/api/reset-password",
    {
      schema: { body: resetPasswordBodySchema, response: { 200: resetPasswordResponseSchema } },
      config: { access: "public", rateLimit: rateLimit(RATE_LIMITS.resetPassword) },
    },
    async (request, reply) => {
      const { user, session } = await authService.resetPassword(request.body, requestMeta(request));
      reply.startSession(session);
      return { message: "Your password has been reset.", user };
    },
  );

  app.post(
    "/api/auth/verify-email",
    {
      schema: { body: verifyEmailBodySchema, response: { 200: profileResponseSchema } },
      config: { access: "public", rateLimit: rateLimit(RATE_LIMITS.verifyEmail) },
    },
    async (request) => emailVerificationService.verify(request.body.token),
  );

  app.post(
    "/api/auth/resend-verification",
    {
      schema: { response: { 202: resendVerificationResponseSchema } },
      config: {
        access: "member",
        // Keyed by member (the auth hook has run), so one account cannot mail-bomb its own address.
        rateLimit: {
          ...rateLimit(RATE_LIMITS.resendVerification),
          keyGenerator: (request: FastifyRequest) => request.auth?.user.id ?? request.ip,
        },
      },
    },
    async (request, reply) => {
      emailVerificationService.resend(requireMember(request).user);
      return reply.status(202).send({ message: RESEND_VERIFICATION_MESSAGE });
    },
  );
};
