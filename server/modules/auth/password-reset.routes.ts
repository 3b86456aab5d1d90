import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
} from "#contract/api/auth.ts";
import { resetPasswordAnswerSchema } from "#contract/api/second-factor.ts";
import { RATE_LIMITS, RESET_TOKEN_TTL_MINUTES } from "#contract/limits.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { attemptLimit } from "#server/plugins/attempt-limit.ts";
import type { AuthService } from "./auth.service.ts";
import { answerSignIn, rateLimit, requestMeta } from "./auth-route-helpers.ts";

/** Forgetting a password: mailing a reset link, and setting a new password with it. */
export const passwordResetRoutes: FastifyPluginAsyncZod<{ authService: AuthService }> = async (
  app,
  { authService },
) => {
  app.addHook("onRoute", documentedUnder("Auth"));

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
          "Signs out every session of the account and signs this client in (sets the session cookie) — or, " +
          "for a member with a second factor, answers `secondFactorRequired` like the sign-in: the link proves " +
          "the e-mail, not the second factor. The token works once; an unknown, used or expired one is 400 " +
          "`invalid_token`. Redeeming it also verifies the address it was mailed to, if that is still the " +
          "account's.",
        errors: ["invalid_token"],
        body: resetPasswordBodySchema,
        response: {
          200: resetPasswordAnswerSchema,
        },
      },
      config: { access: "public", rateLimit: rateLimit(RATE_LIMITS.resetPassword) },
    },
    async (request, reply) => {
      const result = await authService.resetPassword(request.body, requestMeta(request));
      return { message: "Your password has been reset.", ...answerSignIn(reply, result) };
    },
  );
};
