import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  affiliateDashboardSchema,
  requestPayoutBodySchema,
  requestPayoutResponseSchema,
} from "#contract/api/affiliate.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AffiliateService } from "./affiliate.service.ts";

const member = { access: "member" } as const;

export const affiliateRoutes: FastifyPluginAsyncZod<{ affiliateService: AffiliateService }> = async (
  app,
  { affiliateService },
) => {
  app.get(
    "/api/affiliate/dashboard",
    { config: member, schema: { response: { 200: affiliateDashboardSchema } } },
    (request) => affiliateService.dashboard(requireMember(request).user.id),
  );

  app.post(
    "/api/affiliate/request-payout",
    {
      config: member,
      schema: { body: requestPayoutBodySchema, response: { 201: requestPayoutResponseSchema } },
    },
    async (request, reply) => {
      const payout = await affiliateService.requestPayout(requireMember(request).user.id, request.body);
      return reply.status(201).send(payout);
    },
  );
};
