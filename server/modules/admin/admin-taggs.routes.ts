import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_LIST_SORTS, sortedListQuerySchema } from "#contract/api/admin.ts";
import {
  adminTaggBodySchema,
  adminTaggIdParamsSchema,
  adminTaggSchema,
  adminTaggsResponseSchema,
  adminTaggToggleBodySchema,
} from "#contract/api/admin-taggs.ts";
import { restrictionBodySchema } from "#contract/api/moderation.ts";
import { successSchema } from "#contract/api/success.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminTaggsService } from "./admin-taggs.service.ts";

type Options = { adminTaggsService: AdminTaggsService };

/**
 * The Taggs section: the list is `/taggs`; one tagg is added, edited (every field replaced), shown or hidden,
 * and deleted under `/tagg` (decision 039). Each write but the deletion answers the tagg as the list shows it.
 */
export const adminTaggsRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminTaggsService }) => {
  app.addHook("onRoute", documentedUnder("Admin taggs"));

  app.get(
    "/taggs",
    {
      schema: {
        operationId: "adminListTaggs",
        summary: "The registered taggs, paged and searched",
        description:
          "Searches tagg (with or without `@`), names, e-mail and reason in any letter case. Each item carries " +
          "the subscription of the member holding the tagg, or null when nobody holds it.",
        querystring: sortedListQuerySchema(ADMIN_LIST_SORTS.taggs),
        response: { 200: adminTaggsResponseSchema },
      },
    },
    (request) => adminTaggsService.list(request.query),
  );

  app.post(
    "/tagg",
    {
      schema: {
        operationId: "adminAddTagg",
        summary: "Register a tagg",
        description:
          "For example to reserve it for a partner before they join. A tagg already registered is 409 " +
          "`name_taken`. Audited.",
        errors: ["name_taken"],
        body: adminTaggBodySchema,
        response: { 201: adminTaggSchema },
      },
    },
    async (request, reply) => {
      const tagg = await adminTaggsService.create(requireMember(request).user, request.body);
      return reply.status(201).send(tagg);
    },
  );

  app.put(
    "/tagg/:id",
    {
      schema: {
        operationId: "adminEditTagg",
        summary: "Replace a registered tagg's names, tagg, e-mail and reason",
        description:
          "Every field is replaced: a reason left out or null clears it. Renaming the tagg renames it for the " +
          "member who holds it; a tagg already registered is 409 `name_taken`. Audited with the fields that " +
          "changed.",
        errors: ["name_taken"],
        params: adminTaggIdParamsSchema,
        body: adminTaggBodySchema,
        response: { 200: adminTaggSchema },
      },
    },
    (request) => adminTaggsService.update(requireMember(request).user, request.params.id, request.body),
  );

  app.post(
    "/tagg/:id/toggle",
    {
      schema: {
        operationId: "adminSetTaggHidden",
        summary: "Hide a tagg (and its posts) from search, or show it again",
        description:
          "`hidden` sets the state rather than flipping it, so sending it twice is harmless. Hiding needs one of " +
          "the panel's moderation reasons (`reasonId`, 400 naming it otherwise) and may add words (`reasonText`): " +
          "the member holding the tagg gets a `decision` notice and an e-mail with the statement of reasons and " +
          "how to appeal. Showing it again ends that decision. Answers the updated tagg. Audited.",
        params: adminTaggIdParamsSchema,
        body: adminTaggToggleBodySchema,
        response: { 200: adminTaggSchema },
      },
    },
    (request) => adminTaggsService.setHidden(requireMember(request).user, request.params.id, request.body),
  );

  app.delete(
    "/tagg/:id",
    {
      schema: {
        operationId: "adminDeleteTagg",
        summary: "Delete a registered tagg",
        description:
          "The member who held it keeps their account, without a tagg: their posts are no longer found by it, " +
          "anyone may claim it. The body names one of the panel's moderation reasons (`reasonId`) and may add " +
          "words (`reasonText`); the holder gets a `decision` notice and an e-mail with the statement of reasons " +
          "and how to appeal. Audited, naming the holder. " +
          "The list item's `holder` says beforehand whom the deletion takes it from.",
        params: adminTaggIdParamsSchema,
        body: restrictionBodySchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await adminTaggsService.remove(requireMember(request).user, request.params.id, request.body);
      return { success: true as const };
    },
  );
};
