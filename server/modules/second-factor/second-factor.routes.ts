import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  disableTotpBodySchema,
  recoveryCodesResponseSchema,
  totpEnableBodySchema,
  totpSetupResponseSchema,
} from "#contract/api/second-factor.ts";
import { RECOVERY_CODE_COUNT, TOTP } from "#contract/limits.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { SecondFactorService } from "./second-factor.service.ts";

/** Every change to the second factor needs a recent sign-in, like the other sensitive changes. */
const guarded = { access: "member", recentAuthentication: true } as const;

/** `/api/auth/2fa`: the authenticator app — set it up, confirm it, turn it off — and the recovery codes. */
export const secondFactorRoutes: FastifyPluginAsyncZod<{ secondFactorService: SecondFactorService }> = async (
  app,
  { secondFactorService },
) => {
  app.addHook("onRoute", documentedUnder("Second factor"));

  app.post(
    "/api/auth/2fa/totp/setup",
    {
      config: guarded,
      schema: {
        operationId: "setUpAuthenticatorApp",
        summary: "Start setting up an authenticator app",
        description:
          "A new key (base32, SHA-1, 6 digits, 30-second steps) and its `otpauth://` address for the QR code. It " +
          `guards nothing until \`POST /api/auth/2fa/totp/enable\` confirms it with a first code within ` +
          `${TOTP.setupMinutes} minutes; a new setup replaces an unconfirmed one. 409 \`conflict\` when an app is ` +
          "already set up.",
        errors: ["conflict"],
        response: { 200: totpSetupResponseSchema },
      },
    },
    async (request) => secondFactorService.setupTotp(requireMember(request).user),
  );

  app.post(
    "/api/auth/2fa/totp/enable",
    {
      config: guarded,
      schema: {
        operationId: "enableAuthenticatorApp",
        summary: "Confirm the authenticator app with its first code",
        description:
          `From now on every sign-in asks for a code. Answers ${RECOVERY_CODE_COUNT} recovery codes, shown this ` +
          "once (only their hashes are kept), and signs out the member's other sessions. A wrong code is 400 " +
          "`invalid_code`; no setup, or one that expired, 409 `conflict`.",
        errors: ["invalid_code", "conflict"],
        body: totpEnableBodySchema,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request) => {
      const { user, sessionId } = requireMember(request);
      return secondFactorService.enableTotp(user, sessionId, request.body.code);
    },
  );

  app.post(
    "/api/auth/2fa/disable",
    {
      config: guarded,
      schema: {
        operationId: "disableAuthenticatorApp",
        summary: "Turn the authenticator app off",
        description:
          "Takes a code from the app or a recovery code. The key and the recovery codes are deleted and the " +
          "member's other sessions signed out; passkeys stay. A wrong code is 400 `invalid_code` (wrong codes " +
          "count per account: past a few, 429 `rate_limited`); no app set up, 409 `conflict`.",
        errors: ["invalid_code", "conflict", "rate_limited"],
        body: disableTotpBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = requireMember(request);
      await secondFactorService.disableTotp(user, sessionId, request.body.code);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/auth/2fa/recovery-codes",
    {
      config: guarded,
      schema: {
        operationId: "regenerateRecoveryCodes",
        summary: "Replace the recovery codes",
        description:
          `${RECOVERY_CODE_COUNT} new recovery codes, shown this once; the old ones, used or not, stop working. ` +
          "409 `conflict` without an authenticator app.",
        errors: ["conflict"],
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request) => secondFactorService.regenerateRecoveryCodes(requireMember(request).user),
  );
};
