import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authResponseSchema, loginBodySchema, registerBodySchema } from "#contract/api/auth.ts";
import {
  passkeySignInBodySchema,
  secondFactorSignInBodySchema,
  signInResponseSchema,
} from "#contract/api/second-factor.ts";
import { successSchema } from "#contract/api/success.ts";
import { PENDING_SIGN_IN, RATE_LIMITS } from "#contract/limits.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { attemptLimit } from "#server/plugins/attempt-limit.ts";
import { requireMember } from "#server/plugins/auth.ts";
import { routeLimit } from "#server/plugins/route-limit.ts";
import type { AuthService } from "./auth.service.ts";
import { answerSignedIn, answerSignIn, requestMeta } from "./auth-route-helpers.ts";

/**
 * Creating an account, signing in (password, its second step, or a passkey alone) and signing out. Password
 * resets and e-mail verification are in password-reset.routes.ts and email-verification.routes.ts.
 */
export const authRoutes: FastifyPluginAsyncZod<{ authService: AuthService }> = async (
  app,
  { authService },
) => {
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
      config: { access: "public", rateLimit: routeLimit(RATE_LIMITS.register) },
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
          "Sets the session cookie. For a member with a second factor it answers `secondFactorRequired` with " +
          "the methods they can use and sets only a short sign-in cookie (no session): complete it with " +
          `\`POST /api/auth/login/second-factor\` within ${PENDING_SIGN_IN.minutes} minutes. Besides the budget ` +
          "per client, every account has its own budget of attempts from all clients together: past either, " +
          "429 `rate_limited`.",
        errors: ["invalid_credentials"],
        body: loginBodySchema,
        response: { 200: signInResponseSchema },
      },
      config: { access: "public", rateLimit: routeLimit(RATE_LIMITS.login) },
      // Validated by now: the e-mail is trimmed and lower-cased, so one account is one key.
      preHandler: attemptLimit(
        app,
        "login-account",
        RATE_LIMITS.loginPerAccount,
        (request) => (request.body as { email: string }).email,
      ),
    },
    async (request, reply) =>
      answerSignIn(reply, await authService.login(request.body, requestMeta(request))),
  );

  app.post(
    "/api/auth/login/second-factor",
    {
      schema: {
        operationId: "completeSignInWithSecondFactor",
        summary: "Complete a sign-in with a code or a passkey",
        description:
          "The second step after `POST /api/auth/login` answered `secondFactorRequired` (its sign-in cookie " +
          "names the sign-in). Takes a code from the authenticator app or a recovery code (each recovery code " +
          'works once), or a passkey\'s answer to `POST /api/auth/passkeys/options {purpose: "authenticate"}`. ' +
          `A wrong code is 400 \`invalid_code\`; the ${PENDING_SIGN_IN.wrongCodes}th ends the sign-in, and a ` +
          "missing, expired or ended sign-in is 401 `sign_in_expired` (sign in again). Wrong codes also count " +
          "per account across sign-ins: past that, 429 `rate_limited`. Sets the session cookie.",
        errors: ["invalid_code", "passkey_rejected", "sign_in_expired", "rate_limited"],
        body: secondFactorSignInBodySchema,
        response: { 200: authResponseSchema },
      },
      config: { access: "public", rateLimit: routeLimit(RATE_LIMITS.secondFactor) },
    },
    async (request, reply) => {
      const meta = requestMeta(request);
      return answerSignedIn(
        reply,
        await authService.completeSecondFactor(request.signInToken, request.body, meta),
      );
    },
  );

  app.post(
    "/api/auth/login/passkey",
    {
      schema: {
        operationId: "signInWithPasskey",
        summary: "Sign in with a passkey alone",
        description:
          'Answers the options of `POST /api/auth/passkeys/options {purpose: "authenticate"}` asked without ' +
          "a pending sign-in (their sign-in cookie names this one). The passkey must verify its user (PIN or " +
          "biometrics): it stands for both factors. A passkey that does not verify is 400 `passkey_rejected`; " +
          "a missing or expired challenge 401 `sign_in_expired`. Sets the session cookie.",
        errors: ["passkey_rejected", "sign_in_expired"],
        body: passkeySignInBodySchema,
        response: { 200: authResponseSchema },
      },
      config: { access: "public", rateLimit: routeLimit(RATE_LIMITS.passkeySignIn) },
    },
    async (request, reply) => {
      const meta = requestMeta(request);
      return answerSignedIn(
        reply,
        await authService.signInWithPasskey(request.signInToken, request.body.response, meta),
      );
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
        response: { 200: successSchema },
      },
    },
    async (request, reply) => {
      await authService.logout(requireMember(request).sessionId);
      reply.endSession();
      return { success: true as const };
    },
  );
};
