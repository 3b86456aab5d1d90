import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  confirmEmailChangeBodySchema,
  deleteProfileResponseSchema,
  profileResponseSchema,
  updateProfileBodySchema,
} from "#contract/api/profile.ts";
import { RATE_LIMITS } from "#contract/limits.ts";
import { attemptLimit } from "#server/plugins/attempt-limit.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { ProfileService } from "./profile.service.ts";

export const profileRoutes: FastifyPluginAsyncZod<{ profileService: ProfileService }> = async (
  app,
  { profileService },
) => {
  app.get(
    "/api/profile",
    { config: { access: "member" }, schema: { response: { 200: profileResponseSchema } } },
    async (request) => profileService.toProfile(requireMember(request).user),
  );

  app.put(
    "/api/profile",
    {
      config: { access: "member" },
      schema: { body: updateProfileBodySchema, response: { 200: profileResponseSchema } },
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
      schema: { body: confirmEmailChangeBodySchema, response: { 200: profileResponseSchema } },
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
    { config: { access: "member" }, schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      await profileService.declinePendingEmail(requireMember(request).user);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/api/profile",
    { config: { access: "member" }, schema: { response: { 200: deleteProfileResponseSchema } } },
    async (request, reply) => {
      await profileService.delete(requireMember(request).user);
      reply.endSession();
      return { success: true as const };
    },
  );
};
