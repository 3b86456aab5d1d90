import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_LIST_SORTS, sortedListQuerySchema } from "#contract/api/admin.ts";
import {
  adminPayoutsResponseSchema,
  affiliateSettingsBodySchema,
  affiliateSettingsSchema,
  affiliateStatsSchema,
  costBodySchema,
  costIdParamsSchema,
  costSchema,
  costsResponseSchema,
  costsTotalSchema,
  economicsSchema,
  payoutIdParamsSchema,
  payoutsQuerySchema,
  processedPayoutSchema,
  processPayoutBodySchema,
  revealedPayoutSchema,
} from "#contract/api/admin-money.ts";
import { successSchema } from "#contract/api/success.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { AdminMoneyService } from "./admin-money.service.ts";

type Options = { adminMoneyService: AdminMoneyService };

/** Cost Tracking (costs, totals per currency, the month's unit economics) and the Affiliate System. */
export const adminMoneyRoutes: FastifyPluginAsyncZod<Options> = async (app, { adminMoneyService }) => {
  app.addHook("onRoute", documentedUnder("Admin money"));

  app.get(
    "/costs",
    {
      schema: {
        operationId: "adminListCosts",
        summary: "The platform's recorded costs, newest first, paged and searched",
        description: "Amounts are integer minor units (1250 for 12.50) beside their currency.",
        querystring: sortedListQuerySchema(ADMIN_LIST_SORTS.costs),
        response: { 200: costsResponseSchema },
      },
    },
    (request) => adminMoneyService.listCosts(request.query),
  );

  app.get(
    "/costs/total",
    {
      schema: {
        operationId: "adminCostsTotal",
        summary: "Every cost recorded, one total per currency",
        description: "Minor units; currencies are never added together. Empty when nothing is recorded.",
        response: { 200: costsTotalSchema },
      },
    },
    () => adminMoneyService.costsTotal(),
  );

  app.get(
    "/costs/economics",
    {
      schema: {
        operationId: "adminUnitEconomics",
        summary: "This month's costs, Premium revenue, and commission owed and paid",
        description: "Each figure per currency, in minor units; revenue is paid invoices less refunded ones.",
        response: { 200: economicsSchema },
      },
    },
    () => adminMoneyService.economics(),
  );

  app.post(
    "/costs",
    {
      schema: {
        operationId: "adminAddCost",
        summary: "Record a platform cost",
        description:
          "`amount` is in major units as typed — `12.50`, as a number or a decimal string, at most two " +
          "decimal places, above 0 and at most 20,000,000.00 — and is stored and answered in minor units " +
          "(1250). The currency defaults to USD and the date to today (UTC). Audited.",
        body: costBodySchema,
        response: { 201: costSchema },
      },
    },
    async (request, reply) => {
      const cost = await adminMoneyService.addCost(requireMember(request).user, request.body);
      return reply.status(201).send(cost);
    },
  );

  app.put(
    "/costs/:id",
    {
      schema: {
        operationId: "adminEditCost",
        summary: "Correct a recorded cost",
        description:
          "Replaces every field, with the same rules as recording one; a `date` left out keeps the cost's " +
          "date. The totals and this month's unit economics follow. Audited with the fields that changed.",
        params: costIdParamsSchema,
        body: costBodySchema,
        response: { 200: costSchema },
      },
    },
    (request) => adminMoneyService.updateCost(requireMember(request).user, request.params.id, request.body),
  );

  app.delete(
    "/costs/:id",
    {
      schema: {
        operationId: "adminDeleteCost",
        summary: "Delete a recorded cost",
        description:
          "The totals and this month's unit economics no longer count it. Audited with what the cost was.",
        params: costIdParamsSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await adminMoneyService.removeCost(requireMember(request).user, request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    "/affiliate/settings",
    {
      schema: {
        operationId: "adminGetAffiliateSettings",
        summary: "The referral commission and whether the programme takes new referrals",
        response: { 200: affiliateSettingsSchema },
      },
    },
    () => adminMoneyService.affiliateSettings(),
  );

  app.put(
    "/affiliate/settings",
    {
      schema: {
        operationId: "adminUpdateAffiliateSettings",
        summary: "Change the referral commission or pause the programme",
        description:
          "Commission is 0 to 100 in steps of 10. It applies forward: a referral keeps the rate of the day it " +
          "was made. Audited.",
        body: affiliateSettingsBodySchema,
        response: { 200: affiliateSettingsSchema },
      },
    },
    (request) => adminMoneyService.updateAffiliateSettings(requireMember(request).user, request.body),
  );

  app.get(
    "/affiliate/stats",
    {
      schema: {
        operationId: "adminAffiliateStats",
        summary: "Affiliates, referrals and payout totals",
        description: "Money in minor units (pence), as the affiliate dashboard answers it.",
        response: { 200: affiliateStatsSchema },
      },
    },
    () => adminMoneyService.affiliateStats(),
  );

  app.get(
    "/affiliate/payouts",
    {
      schema: {
        operationId: "adminListPayouts",
        summary: "Payout requests, optionally of one status",
        description: "Payout details are masked; revealing them is a separate, audited call.",
        querystring: payoutsQuerySchema,
        response: { 200: adminPayoutsResponseSchema },
      },
    },
    (request) => adminMoneyService.payouts(request.query),
  );

  app.post(
    "/affiliate/payouts/:id",
    {
      schema: {
        operationId: "adminProcessPayout",
        summary: "Mark a requested payout completed or rejected",
        description:
          "Once: a payout already processed is 409 `conflict`. Rejecting needs a note and returns the money " +
          "to the member's balance. Audited.",
        errors: ["conflict"],
        params: payoutIdParamsSchema,
        body: processPayoutBodySchema,
        response: { 200: processedPayoutSchema },
      },
    },
    (request) =>
      adminMoneyService.processPayout(requireMember(request).user, request.params.id, request.body),
  );

  app.post(
    "/affiliate/payouts/:id/reveal",
    {
      schema: {
        operationId: "adminRevealPayoutDetails",
        summary: "The full bank or PayPal details of a payout",
        description: "Recorded in the audit log: who looked, and when.",
        params: payoutIdParamsSchema,
        response: { 200: revealedPayoutSchema },
      },
    },
    (request) => adminMoneyService.revealPayout(requireMember(request).user, request.params.id),
  );
};
