import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminAppealParamsSchema,
  adminAppealSchema,
  adminAppealsQuerySchema,
  adminAppealsResponseSchema,
  appealDecisionBodySchema,
  moderationReasonBodySchema,
  moderationReasonListSchema,
  moderationReasonParamsSchema,
  moderationReasonSchema,
} from "#contract/api/moderation.ts";
import { successSchema } from "#contract/api/success.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminAppealsService } from "./admin-appeals.service.ts";
import type { AdminReasonsService } from "./admin-reasons.service.ts";

type Options = { adminAppealsService: AdminAppealsService; adminReasonsService: AdminReasonsService };

/** Due process in the Reported posts section: the reasons an administrator picks from, and the Appeals queue. */
export const adminAppealsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { adminAppealsService, adminReasonsService },
) => {
  app.addHook("onRoute", documentedUnder("Admin moderation"));

  app.get(
    "/moderation-reasons",
    {
      schema: {
        operationId: "adminListModerationReasons",
        summary: "The reasons an administrator picks from when restricting something",
        description: "Each with the rule of the terms it stands for, by label.",
        response: { 200: moderationReasonListSchema },
      },
    },
    () => adminReasonsService.list(),
  );

  app.post(
    "/moderation-reasons",
    {
      schema: {
        operationId: "adminAddModerationReason",
        summary: "Add a moderation reason",
        description: "Audited.",
        body: moderationReasonBodySchema,
        response: { 201: moderationReasonSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await adminReasonsService.create(requireMember(request).user, request.body)),
  );

  app.put(
    "/moderation-reasons/:id",
    {
      schema: {
        operationId: "adminEditModerationReason",
        summary: "Edit a moderation reason",
        description: "Decisions already taken keep the words they were given. Audited.",
        params: moderationReasonParamsSchema,
        body: moderationReasonBodySchema,
        response: { 200: moderationReasonSchema },
      },
    },
    (request) => adminReasonsService.update(requireMember(request).user, request.params.id, request.body),
  );

  app.delete(
    "/moderation-reasons/:id",
    {
      schema: {
        operationId: "adminDeleteModerationReason",
        summary: "Delete a moderation reason",
        description: "Decisions already taken keep the words they were given. Audited.",
        params: moderationReasonParamsSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await adminReasonsService.remove(requireMember(request).user, request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    "/appeals",
    {
      schema: {
        operationId: "adminListAppeals",
        summary: "Members' appeals against moderation decisions, oldest first",
        description:
          "`status` narrows the queue (`open` for what waits). Each appeal comes with the member, the decision and " +
          "its statement of reasons, who took it, and whether the caller may decide it (`mayDecide`, " +
          "`decidableBy`): never the administrator who took the decision while another administrator exists.",
        querystring: adminAppealsQuerySchema,
        response: { 200: adminAppealsResponseSchema },
      },
    },
    (request) => adminAppealsService.list(requireMember(request).user, request.query),
  );

  app.post(
    "/appeals/:id",
    {
      schema: {
        operationId: "adminDecideAppeal",
        summary: "Decide an appeal: uphold the decision or reverse it",
        description:
          "A reversal gives back exactly what the decision took: the post as its owner had it, the tagg if nobody " +
          "registered it meanwhile (and its holder has none), the tagg shown again. Upholding a removal deletes the " +
          "post for good. The member gets an `appeal_decided` notice and an e-mail with `text`. 403 `own_decision` " +
          "for the administrator who took the decision while another exists; 409 `appeal_decided` once decided. " +
          "Audited.",
        params: adminAppealParamsSchema,
        body: appealDecisionBodySchema,
        response: { 200: adminAppealSchema },
        errors: ["own_decision", "appeal_decided"],
      },
    },
    (request) => adminAppealsService.decide(requireMember(request).user, request.params.id, request.body),
  );
};
