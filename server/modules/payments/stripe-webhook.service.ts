import Stripe from "stripe";
import { PAYMENT_MESSAGES } from "#contract/api/payments.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { BillingEventsService } from "./billing-events.service.ts";
import { toBillingEvent } from "./stripe-events.ts";

type Deps = { stripe: Stripe; webhookSecret: string; billingEvents: BillingEventsService; clock: Clock };

/**
 * Stripe's webhooks: the signature is checked on the exact bytes received (and the timestamp against our
 * clock, 5 minutes' tolerance) before anything is read from the body; Premium is granted only from here.
 */
export function createStripeWebhookService({ stripe, webhookSecret, billingEvents, clock }: Deps) {
  return {
    async receive(rawBody: Buffer, signature: string | undefined) {
      if (!signature) throw new AppError("validation", PAYMENT_MESSAGES.badSignature);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          webhookSecret,
          undefined,
          undefined,
          clock.now().getTime(),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new AppError("validation", PAYMENT_MESSAGES.badSignature);
        }
        throw error;
      }
      const billingEvent = await toBillingEvent(event, stripe);
      const outcome = billingEvent ? await billingEvents.apply("stripe", billingEvent) : ("ignored" as const);
      return { received: true as const, outcome };
    },
  };
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
