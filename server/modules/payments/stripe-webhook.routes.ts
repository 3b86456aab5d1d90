import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { stripeWebhookResponseSchema } from "#contract/api/payments.ts";
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
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    "/api/stripe/webhook",
    { config: { access: "public" }, schema: { response: { 200: stripeWebhookResponseSchema } } },
    (request) => {
      const signature = request.headers["stripe-signature"];
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return webhookService.receive(rawBody, typeof signature === "string" ? signature : undefined);
    },
  );
};
