import { PAYMENT_MESSAGES, type PaymentsConfig } from "#contract/api/payments.ts";
import { PREMIUM_CURRENCY, PREMIUM_PRICE_MINOR } from "#contract/limits.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { ProfileRepository } from "#server/modules/profile/profile.repository.ts";
import type { BillingEventsService } from "./billing-events.service.ts";
import type { TestProvider } from "./test-provider.ts";

type Deps = {
  provider: TestProvider;
  billingEvents: BillingEventsService;
  profileRepo: ProfileRepository;
  clock: Clock;
};

export function createSubscriptionsService({ provider, billingEvents, profileRepo, clock }: Deps) {
  return {
    config(): PaymentsConfig {
      return { provider: provider.kind, priceMinor: PREMIUM_PRICE_MINOR, currency: PREMIUM_CURRENCY };
    },

    /** Reuses the member's customer, starts an incomplete subscription and answers its client secret. */
    async create(user: ProfileRow) {
      if (user.subscriptionStatus === "active") return { clientSecret: null, status: "active" };
      const customerId = user.stripeCustomerId ?? provider.newCustomerId();
      const { subscriptionId, clientSecret } = provider.createSubscription();
      await profileRepo.update(user.id, {
        stripeCustomerId: customerId,
        stripeSubscriptionId: subscriptionId,
      });
      return { clientSecret, status: "incomplete" };
    },

    /** The test provider's card confirmation; Premium comes from the resulting invoice.paid event. */
    async confirmTestPayment(
      user: ProfileRow,
      input: { clientSecret: string; cardNumber: string; expMonth: number; expYear: number },
    ) {
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
      return { ended: await profileRepo.endCancelledTestSubscriptions(clock.now()) };
    },

    /** Premium stays until the end of the paid period. */
    async cancel(user: ProfileRow) {
      if (user.subscriptionStatus !== "active" || !user.stripeCustomerId || !user.stripeSubscriptionId) {
        throw new AppError("conflict", PAYMENT_MESSAGES.notSubscribed);
      }
      const event = provider.cancelAtPeriodEnd({
        customerId: user.stripeCustomerId,
        subscriptionId: user.stripeSubscriptionId,
        periodEnd: user.subscriptionCurrentPeriodEnd,
        now: clock.now(),
      });
      await billingEvents.apply(provider.kind, event);
      return {
        status: "active",
        cancelAtPeriodEnd: true,
        currentPeriodEnd: user.subscriptionCurrentPeriodEnd?.toISOString() ?? null,
      };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
