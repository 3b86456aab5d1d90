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
  signOutResponseSchema,
  verifyEmailBodySchema,
} from "#contract/api/auth.ts";
import { profileResponseSchema } from "#contract/api/profile.ts";
import { EMAIL_VERIFICATION_TTL_HOURS, RATE_LIMITS, RESET_TOKEN_TTL_MINUTES } from "#contract/limits.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
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
  app.addHook("onRoute", documentedUnder("Auth"));

  app.post(
    "/api/auth/register",
    {
      schema: {
        operationId: "registerAccount",
        summary: "Create an account and sign in",
        description:
          "Sets the session cookie and mails a link that verifies the address. A valid `referralCode` ties " +
          "the new member to the member who shared it (the referral programme); an unknown one is ignored.",
        errors: ["email_taken"],
        body: registerBodySchema,
        response: { 201: authResponseSchema },
      },
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
      schema: {
        operationId: "signIn",
        summary: "Sign in with e-mail and password",
        description:
          "Sets the session cookie. Besides the budget per client, every account has its own budget of " +
          "attempts from all clients together: past either, 429 `rate_limited`.",
        errors: ["invalid_credentials"],
        body: loginBodySchema,
        response: { 200: authResponseSchema },
      },
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

  app.post(
    "/api/logout",
    {
      config: { access: "member" },
      schema: {
        operationId: "signOut",
        summary: "Sign out of this session",
        description: "Ends the session the request carries and clears its cookie; other sessions stay.",
        response: { 200: signOutResponseSchema },
      },
    },
    async (request, reply) => {
      await authService.logout(requireMember(request).sessionId);
      reply.endSession();
      return { success: true as const };
    },
  );

  // One operation at two paths: clients know it by either, and one budget per address covers both.
  const resetsPerAddress = attemptLimit(
    app,
    "forgot-password-address",
    RATE_LIMITS.forgotPasswordPerAddress,
    // Validated by now: trimmed and lower-cased, the key the account is found by. Counted whether or not an
    // account has the address, so a 429 tells nobody which addresses have one.
    (request) => (request.body as { email: string }).email,
  );
  const forgotPassword = [
    { url: "/api/auth/forgot-password", operationId: "requestPasswordReset", alias: "" },
    {
      url: "/api/forgot-password",
      operationId: "requestPasswordResetLegacyPath",
      alias: " The same operation as `POST /api/auth/forgot-password`, at a second path.",
    },
  ];
  for (const { url, operationId, alias } of forgotPassword) {
    app.post(
      url,
      {
        schema: {
          operationId,
          summary: "Mail a password reset link",
          description:
            "Answers the same whether or not an account has this address, so nobody learns which addresses " +
            `have one. The link leaves in the background and works once, for ${RESET_TOKEN_TTL_MINUTES} minutes. ` +
            "Besides the budget per client, every address has its own budget of requests from all clients " +
            "together, spent alike with or without an account: past either, 429 `rate_limited`." +
            alias,
          body: forgotPasswordBodySchema,
          response: { 200: messageResponseSchema },
        },
        config: { access: "public", rateLimit: rateLimit(RATE_LIMITS.forgotPassword) },
        preHandler: resetsPerAddress,
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
      schema: {
        operationId: "resetPassword",
        summary: "Set a new password with a reset link's token",
        description:
          "Signs out every session of the account and signs this client in (sets the session cookie). The " +
          "token works once; an unknown, used or expired one is 400 `invalid_token`. Redeeming it also " +
          "verifies the address it was mailed to, if that is still the account's.",
        errors: ["invalid_token"],
        body: resetPasswordBodySchema,
        response: { 200: resetPasswordResponseSchema },
      },
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
      schema: {
        operationId: "verifyEmail",
        summary: "Verify an e-mail address with a link's token",
        description:
          "Needs no session: the token proves the address. It verifies only the address it was mailed to, " +
          `while that is still the account's; an unknown, used or expired token (they last ${EMAIL_VERIFICATION_TTL_HOURS} ` +
          "hours) is 400 `invalid_token`. Answers the account's profile.",
        errors: ["invalid_token"],
        body: verifyEmailBodySchema,
        response: { 200: profileResponseSchema },
      },
      config: { access: "public", rateLimit: rateLimit(RATE_LIMITS.verifyEmail) },
    },
    async (request) => emailVerificationService.verify(request.body.token),
  );

  app.post(
    "/api/auth/resend-verification",
    {
      schema: {
        operationId: "resendVerificationEmail",
        summary: "Mail a new verification link to the signed-in member",
        description:
          "Accepted whether or not the address is verified already; a link leaves (in the background) only " +
          "when it is not. Limited per member.",
        response: { 202: resendVerificationResponseSchema },
      },
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
