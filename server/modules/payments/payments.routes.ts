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
  testConfirmBodySchema,
  testConfirmResponseSchema,
  testSetupConfirmResponseSchema,
} from "#contract/api/payments.ts";
import { profileResponseSchema } from "#contract/api/profile.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { SubscriptionsService } from "./subscriptions.service.ts";

type Options = { subscriptionsService: SubscriptionsService; freeOptionEnabled: () => Promise<boolean> };

const member = { access: "member" } as const;
const anyone = { access: "public" } as const;

export const paymentsRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { subscriptionsService, freeOptionEnabled },
) => {
  app.get(
    "/api/payments/config",
    { config: anyone, schema: { response: { 200: paymentsConfigSchema } } },
    () => subscriptionsService.config(),
  );

  app.get(
    "/api/settings/free-option",
    { config: anyone, schema: { response: { 200: freeOptionSchema } } },
    async () => ({
      freeOptionEnabled: await freeOptionEnabled(),
    }),
  );

  app.post(
    "/api/create-subscription",
    { config: member, schema: { response: { 200: createSubscriptionResponseSchema } } },
    (request) => subscriptionsService.create(requireMember(request).user),
  );

  app.post(
    "/api/payments/test/confirm",
    { config: member, schema: { body: testConfirmBodySchema, response: { 200: testConfirmResponseSchema } } },
    (request) => subscriptionsService.confirmTestPayment(requireMember(request).user, request.body),
  );

  app.post(
    "/api/cancel-subscription",
    { config: member, schema: { response: { 200: cancelSubscriptionResponseSchema } } },
    (request) => subscriptionsService.cancel(requireMember(request).user),
  );

  app.post(
    "/api/subscription/resume",
    { config: member, schema: { response: { 200: profileResponseSchema } } },
    (request) => subscriptionsService.resume(requireMember(request).user),
  );

  app.post(
    "/api/subscription/payment-method",
    { config: member, schema: { response: { 200: paymentMethodSetupResponseSchema } } },
    (request) => subscriptionsService.startCardChange(requireMember(request).user),
  );

  app.post(
    "/api/payments/test/confirm-setup",
    {
      config: member,
      schema: { body: testConfirmBodySchema, response: { 200: testSetupConfirmResponseSchema } },
    },
    (request) => subscriptionsService.confirmTestCardSetup(requireMember(request).user, request.body),
  );

  app.get(
    "/api/subscription/invoices",
    { config: member, schema: { response: { 200: invoicesResponseSchema } } },
    (request) => subscriptionsService.invoices(requireMember(request).user),
  );

  app.get(
    "/api/subscription/invoices/:id",
    { config: member, schema: { params: invoiceParamsSchema, response: { 200: receiptSchema } } },
    (request) => subscriptionsService.receipt(requireMember(request).user, request.params.id),
  );
};
