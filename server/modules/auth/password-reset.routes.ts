import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { wasntMeAnswerSchema, wasntMeBodySchema } from "#contract/api/account-alerts.ts";
import {
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
} from "#contract/api/auth.ts";
import { resetPasswordAnswerSchema } from "#contract/api/second-factor.ts";
import { RATE_LIMITS, RESET_TOKEN_TTL_MINUTES, SIGN_IN_ALERTS } from "#contract/limits.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { attemptLimit } from "#server/plugins/attempt-limit.ts";
import { routeLimit } from "#server/plugins/route-limit.ts";
import type { AuthService } from "./auth.service.ts";
import { answerSignIn, requestMeta } from "./auth-route-helpers.ts";

/**
 * Forgetting a password: mailing a reset link, and setting a new password with it; and "Wasn't me", which takes
 * the old password away and hands over a reset.
 */
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
        config: { access: "public", rateLimit: routeLimit(RATE_LIMITS.forgotPassword) },
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
      config: { access: "public", rateLimit: routeLimit(RATE_LIMITS.resetPassword) },
    },
    async (request, reply) => {
      const result = await authService.resetPassword(request.body, requestMeta(request));
      return { message: "Your password has been reset.", ...answerSignIn(reply, result) };
    },
  );

  app.post(
    "/api/auth/wasnt-me",
    {
      schema: {
        operationId: "wasntMe",
        summary: "Secure my account after a sign-in that was not mine",
        description:
          'Redeems the "Wasn\'t me" link of a new-sign-in e-mail (it works once, for ' +
          `${SIGN_IN_ALERTS.linkDays} days, and only while the address it was mailed to is the account's login). ` +
          "Every session of the account ends and its password stops working; the answer carries a reset token " +
          `(valid ${RESET_TOKEN_TTL_MINUTES} minutes, like a mailed reset link) for \`POST /api/reset-password\`. ` +
          "The web's `/wasnt-me` page sends it when the member presses its button: opening the link changes " +
          "nothing. An unknown, used or expired link is 400 `invalid_token`.",
        errors: ["invalid_token"],
        body: wasntMeBodySchema,
        response: { 200: wasntMeAnswerSchema },
      },
      config: { access: "public", rateLimit: routeLimit(RATE_LIMITS.wasntMe) },
    },
    (request) => authService.wasntMe(request.body.token),
  );
};
