import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminListQuerySchema } from "#contract/api/admin.ts";
import {
  adminPayoutsResponseSchema,
  affiliateSettingsBodySchema,
  affiliateSettingsSchema,
  affiliateStatsSchema,
  costBodySchema,
  costSchema,
  costsResponseSchema,
  costsTotalSchema,
  economicsSchema,
  payoutIdParamsSchema,
  payoutsQuerySchema,
  processPayoutBodySchema,
  revealedPayoutSchema,
} from "#contract/api/admin-money.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminMoneyService } from "./admin-money.service.ts";

type Options = { adminMoneyService: AdminMoneyService };

/** Cost Tracking (costs, totals per currency, the month's unit economics) and the Affiliate System. */
export const adminMoneyRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminMoneyService }) => {
  app.get(
    "/costs",
    { schema: { querystring: adminListQuerySchema, response: { 200: costsResponseSchema } } },
    (request) => adminMoneyService.listCosts(request.query),
  );

  app.get("/costs/total", { schema: { response: { 200: costsTotalSchema } } }, () =>
    adminMoneyService.costsTotal(),
  );

  app.get("/costs/economics", { schema: { response: { 200: economicsSchema } } }, () =>
    adminMoneyService.economics(),
  );

  app.post(
    "/costs",
    { schema: { body: costBodySchema, response: { 201: costSchema } } },
    async (request, reply) => {
      const cost = await adminMoneyService.addCost(requireMember(request).user, request.body);
      return reply.status(201).send(cost);
    },
  );

  app.get("/affiliate/settings", { schema: { response: { 200: affiliateSettingsSchema } } }, () =>
    adminMoneyService.affiliateSettings(),
  );

  app.put(
    "/affiliate/settings",
    { schema: { body: affiliateSettingsBodySchema, response: { 200: affiliateSettingsSchema } } },
    (request) => adminMoneyService.updateAffiliateSettings(requireMember(request).user, request.body),
  );

  app.get("/affiliate/stats", { schema: { response: { 200: affiliateStatsSchema } } }, () =>
    adminMoneyService.affiliateStats(),
  );

  app.get(
    "/affiliate/payouts",
    { schema: { querystring: payoutsQuerySchema, response: { 200: adminPayoutsResponseSchema } } },
    (request) => adminMoneyService.payouts(request.query),
  );

  app.post(
    "/affiliate/payouts/:id",
    {
      schema: {
        params: payoutIdParamsSchema,
        body: processPayoutBodySchema,
        response: {
          200: z.object({ id: z.string(), status: z.string(), processedAt: z.string().nullable() }),
        },
      },
    },
    (request) =>
      adminMoneyService.processPayout(requireMember(request).user, request.params.id, request.body),
  );

  app.post(
    "/affiliate/payouts/:id/reveal",
    { schema: { params: payoutIdParamsSchema, response: { 200: revealedPayoutSchema } } },
    (request) => adminMoneyService.revealPayout(requireMember(request).user, request.params.id),
  );
};
