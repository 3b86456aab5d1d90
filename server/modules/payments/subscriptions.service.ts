import { PAYMENT_MESSAGES, type PaymentsConfig } from "#contract/api/payments.ts";
import { PREMIUM_CURRENCY, PREMIUM_PRICE_MINOR } from "#contract/limits.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { BillingEventsService } from "./billing-events.service.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import type { PaymentsRepository } from "./payments.repository.ts";

type Deps = {
  provider: PaymentProvider;
  billingEvents: BillingEventsService;
  paymentsRepo: PaymentsRepository;
  clock: Clock;
};

const billingName = (user: ProfileRow) => `${user.firstName} ${user.lastName}`.trim();

export function createSubscriptionsService({ provider, billingEvents, paymentsRepo, clock }: Deps) {
  return {
    config(): PaymentsConfig {
      const price = { priceMinor: PREMIUM_PRICE_MINOR, currency: PREMIUM_CURRENCY };
      return provider.kind === "stripe"
        ? {
            provider: "stripe",
            publishableKey: provider.publishableKey,
            returnUrl: provider.returnUrl,
            ...price,
          }
        : { provider: "test", ...price };
    },

    /**
     * Creates the member's customer once (kept even if the subscription then fails), replaces any earlier
     * unpaid subscription with a new incomplete one and answers its client secret.
     */
    async create(user: ProfileRow) {
      if (user.subscriptionStatus === "active") return { clientSecret: null, status: "active" };
      let customerId = user.stripeCustomerId;
      if (!customerId || !provider.ownsCustomer(customerId)) {
        customerId = await provider.createCustomer({
          id: user.id,
          email: user.email,
          name: billingName(user),
        });
        await paymentsRepo.setCustomer(user.id, customerId);
      }
      // One subscription per member: an earlier unpaid (incomplete or past-due) one is ended first, so it can
      // neither be paid as well nor keep retrying the old card.
      if (user.stripeSubscriptionId && customerId === user.stripeCustomerId) {
        await provider.cancelNow(user.stripeSubscriptionId);
      }
      const subscription = await provider.createSubscription({ customerId, memberId: user.id });
      await paymentsRepo.setSubscription(user.id, subscription.subscriptionId);
      return { clientSecret: subscription.clientSecret, status: subscription.status };
    },

    /** The test provider's card confirmation; Premium comes from the resulting invoice.paid event. */
    async confirmTestPayment(
      user: ProfileRow,
      input: { clientSecret: string; cardNumber: string; expMonth: number; expYear: number },
    ) {
      if (provider.kind !== "test") throw new AppError("not_found", PAYMENT_MESSAGES.testProviderOnly);
      const subscriptionId = provider.subscriptionOf(input.clientSecret);
      if (!subscriptionId || subscriptionId !== user.stripeSubscriptionId || !user.stripeCustomerId) {
        throw new AppError("validation", PAYMENT_MESSAGES.unknownSecret);
      }
      const event = provider.charge({
        ...input,
        customerId: user.stripeCustomerId,
        subscriptionId,
        now: clock.now(),
      });
      await billingEvents.apply(provider.kind, event);
      return { status: "active" as const };
    },

    /** The hourly job: cancelled test subscriptions end when their paid period does. */
    async endCancelled() {
      return { ended: await paymentsRepo.endCancelledTestSubscriptions(clock.now()) };
    },

    /** After a member changes their e-mail or name: the provider's customer follows. */
    syncCustomer: async (user: ProfileRow) => {
      if (!user.stripeCustomerId || !provider.ownsCustomer(user.stripeCustomerId)) return;
      await provider.updateCustomer(user.stripeCustomerId, { email: user.email, name: billingName(user) });
    },

    /** Account deletion: the member's subscription ends now at the provider, so nobody is billed afterwards. */
    endForDeletedMember: async (user: ProfileRow) => {
      if (
        !user.stripeSubscriptionId ||
        !user.stripeCustomerId ||
        !provider.ownsCustomer(user.stripeCustomerId)
      ) {
        return;
      }
      await provider.cancelNow(user.stripeSubscriptionId);
    },

    /** Premium stays until the end of the paid period. */
    async cancel(user: ProfileRow) {
      if (user.subscriptionStatus !== "active" || !user.stripeCustomerId || !user.stripeSubscriptionId) {
        throw new AppError("conflict", PAYMENT_MESSAGES.notSubscribed);
      }
      const event = await provider.cancelAtPeriodEnd({
        customerId: user.stripeCustomerId,
        subscriptionId: user.stripeSubscriptionId,
        periodEnd: user.subscriptionCurrentPeriodEnd,
        now: clock.now(),
      });
      await billingEvents.apply(provider.kind, event);
      return {
        status: event.status,
        cancelAtPeriodEnd: event.cancelAtPeriodEnd,
        currentPeriodEnd: event.periodEnd?.toISOString() ?? null,
      };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
