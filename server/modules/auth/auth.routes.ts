import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type AuthUser,
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
import {
  passkeySignInBodySchema,
  secondFactorRequiredSchema,
  secondFactorSignInBodySchema,
  signInResponseSchema,
} from "#contract/api/second-factor.ts";
import {
  EMAIL_VERIFICATION_TTL_HOURS,
  PENDING_SIGN_IN,
  RATE_LIMITS,
  RESET_TOKEN_TTL_MINUTES,
} from "#contract/limits.ts";
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

type SignInResult = Awaited<ReturnType<AuthService["login"]>>;

/** Signed in (the session cookie), or asked for the second step (only the short sign-in cookie). */
function answerSignIn(reply: FastifyReply, result: SignInResult) {
  if (result.secondFactor) {
    reply.startSignIn(result.secondFactor.pending);
    return { secondFactorRequired: true as const, methods: result.secondFactor.methods };
  }
  return answerSignedIn(reply, result);
}

function answerSignedIn(
  reply: FastifyReply,
  result: { user: AuthUser; session: { token: string; expiresAt: Date } },
) {
  reply.endSignIn();
  reply.startSession(result.session);
  return { user: result.user };
}

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
          "Sets the session cookie. For a member with a second factor it answers `secondFactorRequired` with " +
          "the methods they can use and sets only a short sign-in cookie (no session): complete it with " +
          `\`POST /api/auth/login/second-factor\` within ${PENDING_SIGN_IN.minutes} minutes. Besides the budget ` +
          "per client, every account has its own budget of attempts from all clients together: past either, " +
          "429 `rate_limited`.",
        errors: ["invalid_credentials"],
        body: loginBodySchema,
        response: { 200: signInResponseSchema },
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
      config: { access: "public", rateLimit: rateLimit(RATE_LIMITS.secondFactor) },
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
      config: { access: "public", rateLimit: rateLimit(RATE_LIMITS.passkeySignIn) },
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
          "Signs out every session of the account and signs this client in (sets the session cookie) — or, " +
          "for a member with a second factor, answers `secondFactorRequired` like the sign-in: the link proves " +
          "the e-mail, not the second factor. The token works once; an unknown, used or expired one is 400 " +
          "`invalid_token`. Redeeming it also verifies the address it was mailed to, if that is still the " +
          "account's.",
        errors: ["invalid_token"],
        body: resetPasswordBodySchema,
        response: {
          200: z.union([
            resetPasswordResponseSchema,
            secondFactorRequiredSchema.extend({ message: resetPasswordResponseSchema.shape.message }),
          ]),
        },
      },
      config: { access: "public", rateLimit: rateLimit(RATE_LIMITS.resetPassword) },
    },
    async (request, reply) => {
      const result = await authService.resetPassword(request.body, requestMeta(request));
      return { message: "Your password has been reset.", ...answerSignIn(reply, result) };
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
