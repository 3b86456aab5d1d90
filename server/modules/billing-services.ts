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
import type { CardPaymentProvider } from "./payments/payment-provider.ts";
import { createPaymentsRepository } from "./payments/payments.repository.ts";
import { createStripeClient, createStripeProvider } from "./payments/stripe-provider.ts";
import { createStripeWebhookService } from "./payments/stripe-webhook.service.ts";
import { createSubscriptionsService } from "./payments/subscriptions.service.ts";
import { createTestPaymentsRepository } from "./payments/test-payments.repository.ts";
import { createTestPaymentsService } from "./payments/test-payments.service.ts";
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
 * the affiliate service in the event's own transaction. Each provider's own service exists only while it is the
 * active one, so its routes and jobs are registered only then: the Stripe webhook with Stripe, the test
 * provider's confirmations, renewals and endings without it.
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
  const paymentsRepo = createPaymentsRepository(db);
  // Taking a `CardPaymentProvider` is what checks that each provider implements the interface.
  const subscriptionsOver = (provider: CardPaymentProvider) =>
    createSubscriptionsService({
      provider,
      billingEvents,
      paymentsRepo,
      clock,
      publicUrl: config.publicUrl,
      toProfile: (row) => toProfile(row, { isAdmin: isAdmin(row), now: clock.now() }),
    });

  if (config.stripe) {
    const stripe = createStripeClient(config.stripe);
    const provider = createStripeProvider(stripe, config.stripe, config.publicUrl);
    return {
      subscriptionsService: subscriptionsOver(provider),
      stripeWebhookService: createStripeWebhookService({
        stripe,
        provider,
        webhookSecret: config.stripe.webhookSecret,
        billingEvents,
        clock,
      }),
      testPaymentsService: undefined,
    };
  }
  const provider = createTestProvider(config.appSecret);
  return {
    subscriptionsService: subscriptionsOver(provider),
    stripeWebhookService: undefined,
    testPaymentsService: createTestPaymentsService({
      provider,
      billingEvents,
      paymentsRepo,
      testPaymentsRepo: createTestPaymentsRepository(db),
      clock,
    }),
  };
}
