import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  appealBodySchema,
  appealSchema,
  moderationDecisionListSchema,
  moderationDecisionParamsSchema,
  transparencyResponseSchema,
} from "#contract/api/moderation.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { ModerationService } from "./moderation.service.ts";

type Options = { moderationService: ModerationService };

/** A member's moderation decisions and appeals, and the public transparency figures. */
export const moderationRoutes: FastifyPluginAsyncZod<Options> = async (app, { moderationService }) => {
  app.addHook("onRoute", documentedUnder("Moderation"));

  app.get(
    "/api/moderation-decisions",
    {
      config: { access: "member" },
      schema: {
        operationId: "listModerationDecisions",
        summary: "The moderation decisions about the caller, newest first",
        description:
          "Each with its statement of reasons (what was restricted, when, the reason and the rule of the terms, " +
          "whether it was automatic), until when it may be appealed, and its appeal.",
        response: { 200: moderationDecisionListSchema },
      },
    },
    (request) => moderationService.listOwn(requireMember(request).user.id),
  );

  app.post(
    "/api/moderation-decisions/:id/appeal",
    {
      config: { access: "member" },
      schema: {
        operationId: "appealModerationDecision",
        summary: "Appeal a moderation decision, once",
        description:
          "Within 6 months of the decision and while it applies. 404 for a decision about someone else; 409 " +
          "`appeal_exists` for a second appeal; 409 `appeal_closed` once the window has closed or the decision " +
          "was lifted. An administrator other than the one who decided reviews it.",
        params: moderationDecisionParamsSchema,
        body: appealBodySchema,
        response: { 201: appealSchema },
        errors: ["appeal_exists", "appeal_closed"],
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await moderationService.appeal(requireMember(request).user, request.params.id, request.body.text),
        ),
  );

  app.get(
    "/api/transparency",
    {
      config: { access: "public" },
      schema: {
        operationId: "getTransparency",
        summary: "Moderation figures per month",
        description:
          "The latest 24 months with any moderation, newest first: reports received and counted, posts hidden " +
          'automatically and by administrators, removals, appeals and reversals. Any count under 10 is `"<10"`, ' +
          "and the median hours from a post's first report to its review is null when fewer than 10 reviews were " +
          "made, so no single case can be picked out.",
        response: { 200: transparencyResponseSchema },
      },
    },
    () => moderationService.transparency(),
  );
};
