import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  testConfirmBodySchema,
  testConfirmResponseSchema,
  testSetupConfirmResponseSchema,
} from "#contract/api/payments.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import { requireMember } from "#server/plugins/auth.ts";
import type { TestPaymentsService } from "./test-payments.service.ts";

const member = { access: "member" } as const;

/**
 * The TEST MODE card form's confirmations (only while the test provider is active, that is without Stripe:
 * with Stripe these paths are unknown routes, 404 `route_not_found`).
 */
export const testPaymentsRoutes: FastifyPluginAsyncZod<{ testPaymentsService: TestPaymentsService }> = async (
  app,
  { testPaymentsService },
) => {
  app.addHook("onRoute", documentedUnder("Payments"));

  app.post(
    "/api/payments/test/confirm",
    {
      config: member,
      schema: {
        operationId: "confirmTestPayment",
        summary: "Pay the first invoice with a test card (test mode only)",
        description:
          "Served only with the test provider (no Stripe configured). The client secret must be the one " +
          "`createSubscription` answered this member (else 400 `validation`). Card 4242 4242 4242 4242 pays " +
          "and starts Premium; 4000 0000 0000 0002 and 4000 0000 0000 0341 are declined and an expired card " +
          "is refused (402 `payment_failed`); any other number is 400 `validation`.",
        errors: ["payment_failed"],
        body: testConfirmBodySchema,
        response: { 200: testConfirmResponseSchema },
      },
    },
    (request) => testPaymentsService.confirmPayment(requireMember(request).user, request.body),
  );

  app.post(
    "/api/payments/test/confirm-setup",
    {
      config: member,
      schema: {
        operationId: "confirmTestCardChange",
        summary: "Confirm a new card with a test card (test mode only)",
        description:
          "Served only with the test provider (no Stripe configured). The client secret must be one " +
          "`startCardChange` answered this member, for an active or past-due subscription (else 400 " +
          "`validation`). The card is saved, and a past-due subscription's open invoice is charged to it: " +
          "4000 0000 0000 0341 is saved but that charge is declined (402 `payment_failed`, the card stays " +
          "saved); 4000 0000 0000 0002 and an expired card are refused (402). Answers the subscription's " +
          "status.",
        errors: ["payment_failed", "conflict"],
        body: testConfirmBodySchema,
        response: { 200: testSetupConfirmResponseSchema },
      },
    },
    (request) => testPaymentsService.confirmCardSetup(requireMember(request).user, request.body),
  );
};
