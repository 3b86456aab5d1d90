import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  confirmEmailChangeBodySchema,
  profileResponseSchema,
  updateProfileBodySchema,
} from "#contract/api/profile.ts";
import { successSchema } from "#contract/api/success.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { attemptLimit } from "#server/plugins/attempt-limit.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { ProfileService } from "./profile.service.ts";

export const profileRoutes: FastifyPluginAsyncZod<{ profileService: ProfileService }> = async (
  app,
  { profileService },
) => {
  app.addHook("onRoute", documentedUnder("Profile"));

  app.get(
    "/api/profile",
    {
      config: { access: "member" },
      schema: {
        operationId: "getProfile",
        summary: "The signed-in member's own profile",
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => profileService.toProfile(requireMember(request).user),
  );

  app.put(
    "/api/profile",
    {
      config: { access: "member" },
      schema: {
        operationId: "updateProfile",
        summary: "Change the signed-in member's profile",
        description:
          "Only the fields sent change. A new `email` or `password` needs `currentPassword` (400 `validation` " +
          "without it, 403 `wrong_password` when it is wrong, both naming it in `fields`; calls that carry one " +
          "have a small budget per member, then 429 `rate_limited`). An address another account holds is 409 " +
          "`email_taken`, naming `email` in `fields`. A new password signs out every other session; a new " +
          "address must be verified again and replaces one an administrator asked for. `profilePictureUrl` and " +
          "`wallpaperUrl` must be the member's own uploads (`POST /api/upload-image`).",
        errors: ["wrong_password", "email_taken", "rate_limited"],
        body: updateProfileBodySchema,
        response: { 200: profileResponseSchema },
      },
      // Guessing the current password through a stolen session: a few tries per member.
      preHandler: attemptLimit(app, "current-password", RATE_LIMITS.currentPassword, (request) =>
        (request.body as { currentPassword?: string }).currentPassword === undefined
          ? undefined
          : requireMember(request).user.id,
      ),
    },
    async (request) => {
      const { user, sessionId } = requireMember(request);
      return profileService.update(user, sessionId, request.body);
    },
  );

  // The login change an administrator asked for (it waits as `pendingEmail`): confirmed with the member's
  // current password, which then changes the address as their own change does, or declined.
  app.post(
    "/api/profile/confirm-email-change",
    {
      config: { access: "member" },
      schema: {
        operationId: "confirmEmailChange",
        summary: "Accept the e-mail change an administrator asked for",
        description:
          "Moves the login to `pendingEmail`, as the member's own change of address would (it must be " +
          "verified again). 409 `conflict` when no change is waiting, 409 `email_taken` when another account " +
          "took the address meanwhile. The current password has the same budget as in `updateProfile`.",
        errors: ["conflict", "wrong_password", "email_taken", "rate_limited"],
        body: confirmEmailChangeBodySchema,
        response: { 200: profileResponseSchema },
      },
      // The same budget as other current-password checks: a stolen session cannot guess it.
      preHandler: attemptLimit(
        app,
        "current-password",
        RATE_LIMITS.currentPassword,
        (request) => requireMember(request).user.id,
      ),
    },
    async (request) => {
      const { user, sessionId } = requireMember(request);
      return profileService.confirmEmailChange(user, sessionId, request.body.currentPassword);
    },
  );

  app.delete(
    "/api/profile/pending-email",
    {
      config: { access: "member" },
      schema: {
        operationId: "declineEmailChange",
        summary: "Decline the e-mail change an administrator asked for",
        description: "Forgets `pendingEmail`; the login stays. Also 204 when no change was waiting.",
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await profileService.declinePendingEmail(requireMember(request).user);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/api/profile",
    {
      config: { access: "member", recentAuthentication: true },
      schema: {
        operationId: "deleteAccount",
        summary: "Delete the signed-in member's account",
        description:
          "Ends a Premium subscription at the payment provider first (503 `unavailable` when it cannot be " +
          "reached, and nothing is deleted), then deletes the account with its tagg, posts, images and " +
          "sessions, and clears the session cookie.",
        response: { 200: successSchema },
      },
    },
    async (request, reply) => {
      await profileService.delete(requireMember(request).user);
      reply.endSession();
      return { success: true as const };
    },
  );
};
