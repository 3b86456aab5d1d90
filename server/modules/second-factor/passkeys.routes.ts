import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  addPasskeyBodySchema,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyOptionsBodySchema,
  passkeyOptionsResponseSchema,
  passkeySchema,
} from "#contract/api/second-factor.ts";
import { MESSAGES } from "#contract/errors.ts";
import { MAX_PASSKEYS, PASSKEY_CHALLENGE_MINUTES, RATE_LIMITS } from "#contract/limits.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { SessionsService } from "#server/modules/auth/sessions.service.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import { routeLimit } from "#server/plugins/route-limit.ts";
import type { PasskeysService } from "./passkeys.service.ts";
import type { SecondFactorService } from "./second-factor.service.ts";

const guarded = { access: "member", recentAuthentication: true } as const;

/** `/api/auth/passkeys`: WebAuthn options, and the member's passkeys — add, list, remove. */
export const passkeysRoutes: FastifyPluginAsyncZod<{
  passkeysService: PasskeysService;
  secondFactorService: SecondFactorService;
  sessions: Pick<SessionsService, "recentlyAuthenticated">;
}> = async (app, { passkeysService, secondFactorService, sessions }) => {
  app.addHook("onRoute", documentedUnder("Second factor"));

  app.post(
    "/api/auth/passkeys/options",
    {
      config: {
        access: "public",
        rateLimit: routeLimit(RATE_LIMITS.passkeyOptions),
      },
      schema: {
        operationId: "passkeyOptions",
        summary: "WebAuthn options to add or use a passkey",
        description:
          "`register`: options for `navigator.credentials.create()` to add a passkey to the signed-in account " +
          "(401 without a session; like every second-factor change it needs a recent sign-in, else " +
          `403 \`reauth_required\`; 409 \`conflict\` at ${MAX_PASSKEYS} passkeys). \`authenticate\`: options for ` +
          "`navigator.credentials.get()` — for the signed-in member (confirming it is them, the admin unlock), for the sign-in " +
          "waiting for its second step, or else for a new sign-in with a passkey alone (it sets the short " +
          "sign-in cookie `POST /api/auth/login/passkey` needs). Each challenge is answered once, within " +
          `${PASSKEY_CHALLENGE_MINUTES} minutes. 404 \`not_found\` when the member has no passkey to use.`,
        errors: ["unauthenticated", "reauth_required", "conflict", "not_found"],
        body: passkeyOptionsBodySchema,
        response: { 200: passkeyOptionsResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.body.purpose === "register") {
        const { user, sessionId } = requireMember(request);
        if (!(await sessions.recentlyAuthenticated(sessionId))) {
          throw new AppError("reauth_required", MESSAGES.reauthRequired);
        }
        return { ...(await passkeysService.registrationOptions(user, sessionId)) };
      }
      if (request.auth)
        return { ...(await passkeysService.confirmationOptions(request.auth.user, request.auth.sessionId)) };
      const { options, signIn } = await secondFactorService.signInPasskeyOptions(request.signInToken);
      if (signIn) reply.startSignIn(signIn);
      return { ...options };
    },
  );

  app.post(
    "/api/auth/passkeys",
    {
      config: guarded,
      schema: {
        operationId: "addPasskey",
        summary: "Add a passkey",
        description:
          "The answer of `navigator.credentials.create()` to this session's `register` options, and a name the " +
          "member knows it by. From now on a sign-in with the password asks for a second factor, and the passkey " +
          "can sign in on its own. The member's other sessions are signed out. 400 `passkey_rejected` when it " +
          "does not verify (or the challenge expired), 409 `conflict` when it is registered already.",
        errors: ["passkey_rejected", "conflict"],
        body: addPasskeyBodySchema,
        response: { 201: passkeySchema },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = requireMember(request);
      return reply.status(201).send(await passkeysService.register(user, sessionId, request.body));
    },
  );

  app.get(
    "/api/auth/passkeys",
    {
      config: { access: "member" },
      schema: {
        operationId: "listPasskeys",
        summary: "My passkeys",
        description: "Oldest first, with when each was added and last used.",
        response: { 200: passkeyListSchema },
      },
    },
    async (request) => passkeysService.list(requireMember(request).user.id),
  );

  app.delete(
    "/api/auth/passkeys/:id",
    {
      config: guarded,
      schema: {
        operationId: "removePasskey",
        summary: "Remove a passkey",
        description:
          "It no longer signs in or proves the member. The member's other sessions are signed out. 404 " +
          "`not_found` for an id that is not one of the member's passkeys.",
        errors: ["not_found"],
        params: passkeyIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = requireMember(request);
      await passkeysService.remove(user, sessionId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
