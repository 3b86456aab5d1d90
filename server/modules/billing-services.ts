import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import type { Transact } from "#server/db/transaction.ts";
import type { BackgroundTasks } from "#server/lib/background-tasks.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { Mailer } from "#server/lib/mailer.ts";
import type { AffiliateService } from "./affiliate/affiliate.service.ts";
import { pastDueEmail } from "./payments/billing-emails.ts";
import { createBillingEventsService } from "./payments/billing-events.service.ts";
import { createPaymentsRepository } from "./payments/payments.repository.ts";
import { createStripeClient, createStripeProvider } from "./payments/stripe-provider.ts";
import { createStripeWebhookService } from "./payments/stripe-webhook.service.ts";
import { createSubscriptionsService } from "./payments/subscriptions.service.ts";
import { createTestProvider } from "./payments/test-provider.ts";
import { toProfile } from "./profile/profile.mapper.ts";

type BillingInfrastructure = {
  config: Pick<Config, "stripe" | "publicUrl" | "appSecret">;
  db: Database;
  transact: Transact;
  clock: Clock;
  mailer: Mailer;
  background: BackgroundTasks;
  isAdmin: (user: ProfileRow) => boolean;
};

/**
 * Wires billing once: the payment provider (Stripe when it is configured, else the built-in test provider), the
 * subscriptions over it, and the handler of the provider's events, which pays referrers their commission through
 * the affiliate service in the event's own transaction. The Stripe webhook exists only with Stripe.
 */
export function createBillingServices(infra: BillingInfrastructure, affiliate: AffiliateService) {
  const { config, db, transact, clock, mailer, background, isAdmin } = infra;
  const billingEvents = createBillingEventsService({
    transact,
    affiliate,
    pastDue: (notice) =>
      background.run("past-due-email", () =>
        mailer.send({
          to: notice.email,
          ...pastDueEmail({ ...notice, link: `${config.publicUrl}/payments` }),
        }),
      ),
  });
  const stripe = config.stripe && { client: createStripeClient(config.stripe), config: config.stripe };
  const stripeProvider = stripe && createStripeProvider(stripe.client, stripe.config, config.publicUrl);
  return {
    subscriptionsService: createSubscriptionsService({
      provider: stripeProvider || createTestProvider(config.appSecret),
      billingEvents,
      paymentsRepo: createPaymentsRepository(db),
      clock,
      publicUrl: config.publicUrl,
      toProfile: (row) => toProfile(row, { isAdmin: isAdmin(row), now: clock.now() }),
    }),
    stripeWebhookService:
      stripe &&
      stripeProvider &&
      createStripeWebhookService({
        stripe: stripe.client,
        provider: stripeProvider,
        webhookSecret: stripe.config.webhookSecret,
        billingEvents,
        clock,
      }),
  };
}
