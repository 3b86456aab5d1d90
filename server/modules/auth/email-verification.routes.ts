import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  RESEND_VERIFICATION_MESSAGE,
  resendVerificationResponseSchema,
  verifyEmailBodySchema,
} from "#contract/api/auth.ts";
import { profileResponseSchema } from "#contract/api/profile.ts";
import { EMAIL_VERIFICATION_TTL_HOURS, RATE_LIMITS } from "#contract/limits.ts";
import { clientKey } from "#server/lib/client-address.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import { routeLimit } from "#server/plugins/route-limit.ts";
import type { EmailVerificationService } from "./email-verification.service.ts";

/** Verifying a member's e-mail address: redeeming a link's token, and mailing a new link. */
export const emailVerificationRoutes: FastifyPluginAsyncZod<{
  emailVerificationService: EmailVerificationService;
}> = async (app, { emailVerificationService }) => {
  app.addHook("onRoute", documentedUnder("Auth"));

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
      config: { access: "public", rateLimit: routeLimit(RATE_LIMITS.verifyEmail) },
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
        rateLimit: routeLimit(
          RATE_LIMITS.resendVerification,
          (request) => request.auth?.user.id ?? clientKey(request.ip),
        ),
      },
    },
    async (request, reply) => {
      emailVerificationService.resend(requireMember(request).user);
      return reply.status(202).send({ message: RESEND_VERIFICATION_MESSAGE });
    },
  );
};
