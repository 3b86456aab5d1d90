import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { stripeWebhookResponseSchema } from "#contract/api/payments.ts";
import { documentedUnder } from "#server/plugins/api-docs/api-tags.ts";
import type { StripeWebhookService } from "./stripe-webhook.service.ts";

/** Stripe's events are small; this is generous and still refuses junk early. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/stripe/webhook (only when Stripe is configured). Its own content-type parser keeps the raw bytes,
 * because the signature covers them exactly; the rest of the API still parses JSON as usual.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ webhookService: StripeWebhookService }> = async (
  app,
  { webhookService },
) => {
  app.addHook("onRoute", documentedUnder("Payments"));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    "/api/stripe/webhook",
    {
      config: { access: "public" },
      schema: {
        operationId: "receiveStripeWebhook",
        summary: "Receive an event from Stripe (only when Stripe is configured)",
        description:
          "Called by Stripe, not by clients. The `Stripe-Signature` header is checked against the exact " +
          "bytes received, with 5 minutes' tolerance on its time; a missing or wrong one is 400 " +
          "`validation`. An event is applied once: a repeat delivery answers `duplicate`, one Tagit does not " +
          "act on `ignored`.",
        headers: z.looseObject({
          "stripe-signature": z
            .string()
            .optional()
            .describe("Stripe's signature of the body (`t=…,v1=…`), made with the webhook's signing secret."),
        }),
        requestBody: {
          description: "The Stripe event, read as raw bytes: the signature covers them exactly.",
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                description: "A Stripe event object (`id`, `type`, `created`, `data.object`…).",
              },
            },
          },
        },
        response: { 200: stripeWebhookResponseSchema },
      },
    },
    (request) => {
      const signature = request.headers["stripe-signature"];
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return webhookService.receive(rawBody, typeof signature === "string" ? signature : undefined);
    },
  );
};
