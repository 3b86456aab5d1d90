import { PAYMENT_MESSAGES } from "#contract/api/payments.ts";
import { subscriptionStatusAt } from "#contract/plans.ts";
import type { ProfileRow } from "#server/db/schema/index.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Clock } from "#server/lib/clock.ts";
import type { BillingEventsService } from "./billing-events.service.ts";
import { canChangeCard } from "./billing-rules.ts";
import { subscriptionRefOf } from "./payment-provider.ts";
import type { PaymentsRepository } from "./payments.repository.ts";
import type { TestPaymentsRepository } from "./test-payments.repository.ts";
import type { TestCard, TestProvider } from "./test-provider.ts";

type Deps = {
  provider: TestProvider;
  billingEvents: BillingEventsService;
  paymentsRepo: Pick<PaymentsRepository, "findProfile">;
  testPaymentsRepo: TestPaymentsRepository;
  clock: Clock;
};

/**
 * What only the offline test provider does, built only while it is the active provider: the TEST MODE form's
 * confirmations (a first payment, a card change) and the hourly renewals and endings Stripe makes on its own.
 * Everything it charges or changes reaches the member's record as events, through the one billing handler.
 */
export function createTestPaymentsService(deps: Deps) {
  const { provider, billingEvents, paymentsRepo, testPaymentsRepo, clock } = deps;

  /**
   * The setup's card is saved, and a past-due subscription's open invoice is charged to the saved card at once
   * (a declined charge answers 402 with the card still saved, as with Stripe). A setup saves its card once:
   * confirmed again, the card sent is ignored and the answer is the same.
   */
  async function saveCard(user: ProfileRow, card: TestCard, setupId: string) {
    const ref = subscriptionRefOf(user, provider, clock.now(), PAYMENT_MESSAGES.noSubscriptionForCard);
    if (!(await testPaymentsRepo.eventRecorded(provider.cardSavedEventId(setupId)))) {
      const saved = provider.saveCard({ ...card, setupId, customerId: ref.customerId, now: ref.now });
      await billingEvents.apply(provider.kind, saved);
    }
    // As saved now: another confirmation may have saved the card or paid the invoice meanwhile.
    const member = (await paymentsRepo.findProfile(user.id)) ?? user;
    if (member.subscriptionStatus !== "past_due" || !member.cardBrand || !member.cardLast4) {
      return { status: member.subscriptionStatus };
    }
    const invoice = await testPaymentsRepo.openInvoiceOf(user.id, ref.subscriptionId);
    if (invoice) {
      const paid = provider.payInvoice({
        customerId: ref.customerId,
        invoice,
        card: { brand: member.cardBrand, last4: member.cardLast4 },
        now: ref.now,
      });
      await billingEvents.apply(provider.kind, paid);
    }
    // Read again: a confirmation running beside this one may have paid the invoice after the read above, and
    // its payment commits the invoice and the status together.
    const settled = await paymentsRepo.findProfile(user.id);
    return { status: settled?.subscriptionStatus ?? member.subscriptionStatus };
  }

  return {
    /**
     * The card confirmation of a first payment; Premium comes from the resulting invoice.paid event. A client
     * secret pays once: confirmed again, it charges nothing and answers as it did the first time.
     */
    async confirmPayment(user: ProfileRow, input: TestCard & { clientSecret: string }) {
      const subscriptionId = provider.subscriptionOf(input.clientSecret);
      if (!subscriptionId || subscriptionId !== user.stripeSubscriptionId || !user.stripeCustomerId) {
        throw new AppError("validation", PAYMENT_MESSAGES.unknownSecret);
      }
      if (await testPaymentsRepo.eventRecorded(provider.firstPaymentEventId(subscriptionId))) {
        return { status: "active" as const };
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

    /** The card confirmation of a card change: the setup secret must be this member's. */
    async confirmCardSetup(user: ProfileRow, input: TestCard & { clientSecret: string }) {
      const setupId = provider.setupOf(input.clientSecret, user.id);
      if (!setupId || !canChangeCard(subscriptionStatusAt(user, clock.now()))) {
        throw new AppError("validation", PAYMENT_MESSAGES.unknownSecret);
      }
      return saveCard(user, input, setupId);
    },

    /** The hourly job: test subscriptions whose paid period is over renew, charging the saved card. */
    async renewDue() {
      const now = clock.now();
      const due = await testPaymentsRepo.dueRenewals(now);
      for (const member of due) {
        if (!member.customerId || !member.subscriptionId || !member.periodEnd) continue;
        const events = provider.renew({
          customerId: member.customerId,
          subscriptionId: member.subscriptionId,
          periodEnd: member.periodEnd,
          card:
            member.cardBrand && member.cardLast4
              ? { brand: member.cardBrand, last4: member.cardLast4 }
              : null,
          now,
        });
        for (const event of events) await billingEvents.apply(provider.kind, event);
      }
      return { renewed: due.length };
    },

    /** The hourly job: cancelled test subscriptions end when their paid period does. */
    async endCancelled() {
      return { ended: await testPaymentsRepo.endCancelled(clock.now()) };
    },
  };
}

export type TestPaymentsService = ReturnType<typeof createTestPaymentsService>;
