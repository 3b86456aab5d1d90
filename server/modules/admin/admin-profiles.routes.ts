import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_LIST_SORTS, sortedListQuerySchema } from "#contract/api/admin.ts";
import {
  adminProfileBodySchema,
  adminProfileFilterSchema,
  adminProfileIdParamsSchema,
  adminProfileSchema,
  adminProfilesResponseSchema,
  adminProfileUpdateBodySchema,
  adminRoleBodySchema,
} from "#contract/api/admin-profiles.ts";
import { successSchema } from "#contract/api/success.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminProfilesService } from "./admin-profiles.service.ts";

type Options = { adminProfilesService: AdminProfilesService };

/**
 * The Profiles section: the list is `/profiles`; one profile is added (with an invitation), edited (every
 * field replaced) and deleted under `/profile` (decision 039). Add and edit answer the profile as the list
 * shows it.
 */
export const adminProfilesRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminProfilesService }) => {
  app.addHook("onRoute", documentedUnder("Admin profiles"));

  app.get(
    "/profiles",
    {
      schema: {
        operationId: "adminListProfiles",
        summary: "Member profiles, paged and searched",
        description:
          "Searches tagg (with or without `@`), full name, e-mail and bio in any letter case. A member's last activity is a day, " +
          "never a time. `role=admin` lists only administrators, `role=member` everyone else.",
        querystring: sortedListQuerySchema(ADMIN_LIST_SORTS.profiles).extend(adminProfileFilterSchema.shape),
        response: { 200: adminProfilesResponseSchema },
      },
    },
    (request) => adminProfilesService.list(request.query),
  );

  app.put(
    "/profiles/:id/role",
    {
      schema: {
        operationId: "adminSetProfileRole",
        summary: "Grant or remove the administrator role",
        description:
          "Answers the profile as the list shows it. A new administrator must still set up an authenticator " +
          "app or a passkey before the admin panel unlocks for them. Removing the role ends the member's admin " +
          "sessions at once. The last administrator cannot remove their own role (409 `last_admin`); a role " +
          "that the server's ADMIN_EMAILS gives cannot be removed here (409 `conflict`). Audited when the role " +
          "changes.",
        errors: ["conflict", "last_admin"],
        params: adminProfileIdParamsSchema,
        body: adminRoleBodySchema,
        response: { 200: adminProfileSchema },
      },
    },
    (request) =>
      adminProfilesService.setRole(requireMember(request).user, request.params.id, request.body.role),
  );

  app.post(
    "/profile",
    {
      schema: {
        operationId: "adminAddProfile",
        summary: "Add a profile for a registered tagg, and invite its member",
        description:
          "The tagg must be registered (else 400 `validation`) and held by nobody (409 `conflict`); a taken " +
          "address is 409 `email_taken`. The profile has no password: the address is mailed a set-password " +
          "link valid for 7 days. Audited.",
        errors: ["conflict", "email_taken"],
        body: adminProfileBodySchema,
        response: { 201: adminProfileSchema },
      },
    },
    async (request, reply) => {
      const profile = await adminProfilesService.create(requireMember(request).user, request.body);
      return reply.status(201).send(profile);
    },
  );

  app.put(
    "/profile/:id",
    {
      schema: {
        operationId: "adminEditProfile",
        summary: "Replace a member's names, e-mail and bio",
        description:
          "Every field is replaced: a bio left out, null or empty clears it. A new e-mail does not move the " +
          "login: it waits as `pendingEmail` until the member confirms it, and they are told at their current " +
          "address; an address another member holds is 409 `email_taken`. Audited with the fields that changed.",
        errors: ["email_taken"],
        params: adminProfileIdParamsSchema,
        body: adminProfileUpdateBodySchema,
        response: { 200: adminProfileSchema },
      },
    },
    (request) => adminProfilesService.update(requireMember(request).user, request.params.id, request.body),
  );

  app.delete(
    "/profile/:id",
    {
      schema: {
        operationId: "adminDeleteProfile",
        summary: "Delete a member and everything that is theirs",
        description:
          "The member's own deletion path: subscription, posts, files, analytics and tagg go too. An " +
          "administrator cannot delete their own profile here (409 `conflict`). Audited.",
        errors: ["conflict"],
        params: adminProfileIdParamsSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await adminProfilesService.remove(requireMember(request).user, request.params.id);
      return { success: true as const };
    },
  );
};
