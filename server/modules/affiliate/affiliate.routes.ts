import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  affiliateDashboardSchema,
  requestPayoutBodySchema,
  requestPayoutResponseSchema,
} from "#contract/api/affiliate.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AffiliateService } from "./affiliate.service.ts";

const member = { access: "member" } as const;

export const affiliateRoutes: FastifyPluginAsyncZod<{ affiliateService: AffiliateService }> = async (
  app,
  { affiliateService },
) => {
  app.addHook("onRoute", documentedUnder("Affiliate"));

  app.get(
    "/api/affiliate/dashboard",
    {
      config: member,
      schema: {
        operationId: "getAffiliateDashboard",
        summary: "Get my referral link, referrals, earnings and payouts",
        description:
          "The referral code is made on the first call. Amounts are minor units (pence) with their currency; " +
          "payout details are shown masked.",
        response: { 200: affiliateDashboardSchema },
      },
    },
    (request) => affiliateService.dashboard(requireMember(request).user.id),
  );

  app.post(
    "/api/affiliate/request-payout",
    {
      config: { ...member, recentAuthentication: true },
      schema: {
        operationId: "requestAffiliatePayout",
        summary: "Request a payout of my whole available balance",
        description:
          "The details are stored encrypted and shown masked. 400 `validation` when nothing is available to pay out; 409 " +
          "`conflict` while an earlier request of the member is still being processed.",
        errors: ["conflict"],
        body: requestPayoutBodySchema,
        response: { 201: requestPayoutResponseSchema },
      },
    },
    async (request, reply) => {
      const payout = await affiliateService.requestPayout(requireMember(request).user, request.body);
      return reply.status(201).send(payout);
    },
  );
};
