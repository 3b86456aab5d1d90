import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cancelSubscriptionResponseSchema,
  createSubscriptionResponseSchema,
  freeOptionSchema,
  invoiceParamsSchema,
  invoicesResponseSchema,
  paymentMethodSetupResponseSchema,
  paymentsConfigSchema,
  receiptSchema,
} from "#contract/api/payments.ts";
import { profileResponseSchema } from "#contract/api/profile.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { SubscriptionsService } from "./subscriptions.service.ts";

type Options = { subscriptionsService: SubscriptionsService; freeOptionEnabled: () => Promise<boolean> };

const member = { access: "member" } as const;
const anyone = { access: "public" } as const;

export const paymentsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { subscriptionsService, freeOptionEnabled },
) => {
  app.addHook("onRoute", documentedUnder("Payments"));

  app.get(
    "/api/payments/config",
    {
      config: anyone,
      schema: {
        operationId: "getPaymentsConfig",
        summary: "Get the card provider and Premium's price",
        description:
          "`stripe`: the browser confirms payments with Stripe.js and this publishable key. `test` (no Stripe " +
          "configured): the built-in test card form and `confirmTestPayment`. The price is in minor units.",
        response: { 200: paymentsConfigSchema },
      },
    },
    () => subscriptionsService.config(),
  );

  app.get(
    "/api/settings/free-option",
    {
      config: anyone,
      schema: {
        operationId: "getFreeOption",
        summary: "Get whether the free option is offered",
        response: { 200: freeOptionSchema },
      },
    },
    async () => ({
      freeOptionEnabled: await freeOptionEnabled(),
    }),
  );

  app.post(
    "/api/create-subscription",
    {
      config: member,
      schema: {
        operationId: "createSubscription",
        summary: "Start a Premium subscription",
        description:
          "Answers the client secret the browser confirms the first payment with, or `status: active` and " +
          "no secret when the member is already subscribed. An earlier unpaid subscription of theirs is " +
          "ended first. Premium starts only once the provider reports the invoice paid. 409 `conflict` " +
          "while the member's other request is still setting the subscription up.",
        errors: ["conflict"],
        response: { 200: createSubscriptionResponseSchema },
      },
    },
    (request) => subscriptionsService.create(requireMember(request).user),
  );

  app.post(
    "/api/cancel-subscription",
    {
      config: member,
      schema: {
        operationId: "cancelSubscription",
        summary: "Cancel my subscription at the end of the paid period",
        description:
          "Renewal stops; Premium stays until `currentPeriodEnd`. 409 `conflict` without an active or " +
          "past-due subscription.",
        errors: ["conflict"],
        response: { 200: cancelSubscriptionResponseSchema },
      },
    },
    (request) => subscriptionsService.cancel(requireMember(request).user),
  );

  app.post(
    "/api/subscription/resume",
    {
      config: member,
      schema: {
        operationId: "resumeSubscription",
        summary: "Undo my cancellation before the paid period ends",
        description:
          "Renewal goes on as before and nothing is charged now; answers the member's profile. 409 " +
          "`conflict` when the subscription is not cancelled, or has already ended.",
        errors: ["conflict", "not_found"],
        response: { 200: profileResponseSchema },
      },
    },
    (request) => subscriptionsService.resume(requireMember(request).user),
  );

  app.post(
    "/api/subscription/payment-method",
    {
      config: member,
      schema: {
        operationId: "startCardChange",
        summary: "Start changing my subscription's card",
        description:
          "Answers the client secret the browser confirms the new card with (Stripe: a SetupIntent; test " +
          "mode: `confirmTestCardChange`). Once confirmed, the card becomes the subscription's and an open " +
          "invoice of a past-due subscription is charged to it at once. 409 `conflict` without an active or " +
          "past-due subscription.",
        errors: ["conflict"],
        response: { 200: paymentMethodSetupResponseSchema },
      },
    },
    (request) => subscriptionsService.startCardChange(requireMember(request).user),
  );

  app.get(
    "/api/subscription/invoices",
    {
      config: member,
      schema: {
        operationId: "listOwnInvoices",
        summary: "List my invoices, newest first",
        description: "The 100 newest, each with its hosted page or printable receipt (`url`).",
        response: { 200: invoicesResponseSchema },
      },
    },
    (request) => subscriptionsService.invoices(requireMember(request).user),
  );

  app.get(
    "/api/subscription/invoices/:id",
    {
      config: member,
      schema: {
        operationId: "getOwnReceipt",
        summary: "Get one of my invoices with what its receipt prints",
        description: "Another member's invoice is 404 `not_found`.",
        params: invoiceParamsSchema,
        response: { 200: receiptSchema },
      },
    },
    (request) => subscriptionsService.receipt(requireMember(request).user, request.params.id),
  );
};
