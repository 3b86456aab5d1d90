import Stripe from "stripe";
import { PAYMENT_MESSAGES } from "#contract/api/payments.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { BillingEvent } from "./billing-event.ts";
import type { BillingEventsService } from "./billing-events.service.ts";
import { confirmedCardSetup, toBillingEvent } from "./stripe-events.ts";
import type { StripeProvider } from "./stripe-provider.ts";

type Deps = {
  stripe: Stripe;
  provider: Pick<StripeProvider, "applyConfirmedCard">;
  webhookSecret: string;
  billingEvents: BillingEventsService;
  clock: Clock;
};

/**
 * Stripe's webhooks: the signature is checked on the exact bytes received (and the timestamp against our
 * clock, 5 minutes' tolerance) before anything is read from the body; Premium is granted only from here.
 */
export function createStripeWebhookService({ stripe, provider, webhookSecret, billingEvents, clock }: Deps) {
  /**
   * A confirmed card change: made the default and used for the open invoice (Stripe calls, safe to repeat
   * when Stripe delivers the event again) before the card is recorded under the event's id.
   */
  async function cardChange(event: Stripe.Event): Promise<BillingEvent | undefined> {
    const setup = confirmedCardSetup(event);
    if (!setup) return undefined;
    const card = await provider.applyConfirmedCard(setup);
    if (!card) return undefined;
    const created = new Date(event.created * 1000);
    return { id: event.id, type: "payment_method.updated", created, customerId: setup.customerId, card };
  }

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
      const billingEvent =
        event.type === "setup_intent.succeeded"
          ? await cardChange(event)
          : await toBillingEvent(event, stripe);
      const outcome = billingEvent ? await billingEvents.apply("stripe", billingEvent) : ("ignored" as const);
      return { received: true as const, outcome };
    },
  };
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
